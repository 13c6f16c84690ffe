import type { AdapterConnection } from '../adapters/types.ts'

/**
 * Whether the wallet's connection moved between two states: connected or not, another account, or
 * another chain. What a flow prepared for one account on one chain must then start over.
 */
export function connectionMoved(current: AdapterConnection, previous: AdapterConnection): boolean {
  if (current.status !== previous.status) return true
  return (
    current.status === 'connected' &&
    previous.status === 'connected' &&
    (current.address !== previous.address || current.chainId !== previous.chainId)
  )
}
