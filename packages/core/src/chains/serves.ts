import type { CaipNetworkId } from '@latch/protocol'
import type { ChainNamespace } from '../siteTypes.ts'

/** Whether a feature serving `namespaces` works on `caipNetworkId` (its family is one of them). */
export function serves(
  namespaces: readonly ChainNamespace[],
  caipNetworkId: CaipNetworkId | undefined,
): boolean {
  if (!caipNetworkId) return false
  return namespaces.some((namespace) => caipNetworkId.startsWith(`${namespace}:`))
}

/** The EIP-155 chain id of an EVM network's CAIP-2 id (`eip155:31337` is 31337). */
export function evmChainIdOf(caipNetworkId: CaipNetworkId): number {
  return Number(caipNetworkId.slice(caipNetworkId.indexOf(':') + 1))
}
