import type { Address } from 'viem'
import { HttpError } from '../errors.ts'
import type { ChainClient } from './clients.ts'

/** The configured chains by CAIP-2 id (`eip155:31337`), built once at start. */
export type Networks = ReadonlyMap<string, ChainClient>

export function networksOf(chains: Map<number, ChainClient>): Networks {
  return new Map([...chains.values()].map((chain) => [chain.caipNetworkId as string, chain]))
}

/** The chain a CAIP-2 id names, or a 400 (unsupported network). */
export function requireChain(
  networks: Networks,
  caipNetworkId: string,
  message = `Unsupported chain ${caipNetworkId}`,
): ChainClient {
  const chain = networks.get(caipNetworkId)
  if (!chain) throw new HttpError(400, message)
  return chain
}

/** An EVM address as given (40 hex characters, 0x optional) in one lower-case 0x form. */
export function evmAddressOf(value: string): Address {
  const hex = value.startsWith('0x') ? value.slice(2) : value
  return `0x${hex.toLowerCase()}`
}

/** A chain's RPC failed: a 503 that names the chain, not its upstream URL. */
export function chainUnavailable(chain: ChainClient, what: string): HttpError {
  return new HttpError(503, `${what} unavailable: ${chain.caipNetworkId} did not answer`)
}
