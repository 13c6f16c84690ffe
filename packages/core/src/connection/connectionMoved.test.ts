import { describe, expect, it } from 'vitest'
import type { ActiveAccount } from '../account/activeAccount.ts'
import { connectionMoved } from './connectionMoved.ts'

const connected = (address: string, chainId: number): ActiveAccount => ({
  namespace: 'eip155',
  address,
  caipAddress: `eip155:${chainId}:${address}`,
  caipNetworkId: `eip155:${chainId}`,
})

describe('connectionMoved', () => {
  it('is true for a connect, a disconnect, another account or another chain', () => {
    expect(connectionMoved(connected('0xa', 1), undefined)).toBe(true)
    expect(connectionMoved(undefined, connected('0xa', 1))).toBe(true)
    expect(connectionMoved(connected('0xb', 1), connected('0xa', 1))).toBe(true)
    expect(connectionMoved(connected('0xa', 2), connected('0xa', 1))).toBe(true)
  })

  it('is false when the same account stays on the same chain, or stays disconnected', () => {
    expect(connectionMoved(connected('0xa', 1), connected('0xa', 1))).toBe(false)
    expect(connectionMoved(undefined, undefined)).toBe(false)
  })
})
