import { type Address, type Hex, isAddressEqual, recoverMessageAddress } from 'viem'

/**
 * Whether the private key of `address` signed `message` (EIP-191), known without asking a chain:
 * an EOA's signature recovers to its own address. False for anything else (a smart account's
 * signature, bytes that are no signature), which only the chain can judge (ERC-1271, ERC-6492).
 */
export async function isSignedByKey(request: {
  address: string
  message: string
  signature: string
}): Promise<boolean> {
  try {
    const signer = await recoverMessageAddress({
      message: request.message,
      signature: request.signature as Hex,
    })
    return isAddressEqual(signer, request.address as Address)
  } catch {
    return false
  }
}
