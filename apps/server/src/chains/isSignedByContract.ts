import type { Hex } from 'viem'
import type { ChainClient } from './clients.ts'

/**
 * Whether the contract account `address` signed `message` on `chain`: ERC-1271 once deployed,
 * ERC-6492 before (viem's verifyMessage). viem answers false both when the account refuses the
 * signature and when its call never reached the chain (a timeout, a refused connection), so a
 * false is believed only once the chain answers a call made after it; else the chain's failure is
 * thrown, and the caller says the check is unavailable (503) instead of calling a good signature
 * invalid.
 */
export async function isSignedByContract(
  chain: ChainClient,
  request: { address: string; message: string; signature: string },
): Promise<boolean> {
  const valid = await chain.client.verifyMessage({
    address: request.address as Hex,
    message: request.message,
    signature: request.signature as Hex,
  })
  if (valid) return true
  await chain.client.getBlockNumber({ cacheTime: 0 })
  return false
}
