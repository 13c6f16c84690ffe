import { bitcoinAddressProblem } from '@latch/protocol'
import { HttpError } from '../../errors.ts'
import type { BitcoinChainClient } from './clients.ts'

/**
 * The address when it is one of the chain's network, else a 400 saying why: malformed, or of
 * another network (a mainnet bc1 address asked about on testnet, ...).
 */
export function requireBitcoinAddress(chain: BitcoinChainClient, address: string): string {
  const problem = bitcoinAddressProblem(address, chain.network)
  if (problem) throw new HttpError(400, `${problem} (${chain.caipNetworkId})`)
  return address
}
