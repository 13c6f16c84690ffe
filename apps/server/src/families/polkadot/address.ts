import { checkSs58, isSs58Problem } from '@latch/protocol'
import { HttpError } from '../../errors.ts'
import { onChain } from './chainCall.ts'
import type { PolkadotChainClient } from './clients.ts'

/**
 * The address when it is SS58 in the chain's prefix, else a 400 saying why: not SS58, a wrong
 * checksum (a typo), or another network's prefix (funds would go to the right key on the wrong chain).
 */
export async function requirePolkadotAddress(
  chain: PolkadotChainClient,
  address: string,
  field?: string,
): Promise<string> {
  const { ss58Prefix } = await onChain(chain, 'The chain', () => chain.info())
  const checked = checkSs58(address, ss58Prefix)
  if (isSs58Problem(checked))
    throw new HttpError(400, field ? `${field}: ${checked.message}` : checked.message)
  return address
}
