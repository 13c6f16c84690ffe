// What a smart session's key puts in a user operation: the nonce key that routes it to
// LatchSessionValidator and its signature. Zod-free: the site's page (sendWithSession) imports it,
// and zod's code would break a strict Content-Security-Policy there.
import { type Address, encodeAbiParameters, type Hex } from 'viem'

/**
 * The nonce key that routes a user operation to the validator: OpenZeppelin's ERC-7579 account
 * reads the validator from the top 20 bytes of the nonce, which are the top of the 24-byte key.
 */
export function sessionNonceKey(validator: Address): bigint {
  return BigInt(validator) << 32n
}

/**
 * A session user operation's signature: abi.encode(pci, claimedTime, ecdsaSig). `claimedTime`
 * picks the spending periods the operation counts against (the validator may not read the clock);
 * the EntryPoint refuses the operation unless the block's time is inside those periods.
 */
export function encodeSessionSignature(input: {
  pci: Hex
  claimedTime: number
  signature: Hex
}): Hex {
  return encodeAbiParameters(
    [{ type: 'bytes32' }, { type: 'uint48' }, { type: 'bytes' }],
    [input.pci, input.claimedTime, input.signature],
  )
}

/** A session user operation's placeholder signature, the right length for gas estimation. */
export function stubSessionSignature(pci: Hex, claimedTime: number): Hex {
  return encodeSessionSignature({
    pci,
    claimedTime,
    // A well-formed 65-byte signature (r, s in range, v 27) so ecrecover spends its normal gas.
    signature: `0x${'11'.repeat(32)}${'22'.repeat(32)}1b`,
  })
}
