import { describe, expect, it } from 'vitest'
import type { AdapterConnection } from '../adapters/types.ts'
import { connectionMoved } from './connectionMoved.ts'

const connected = (address: string, chainId: number) =>
  ({ status: 'connected', address, chainId }) as AdapterConnection
const disconnected = { status: 'disconnected' } as AdapterConnection

describe('connectionMoved', () => {
  it('is true for a connect, a disconnect, another account or another chain', () => {
    expect(connectionMoved(connected('0xa', 1), disconnected)).toBe(true)
    expect(connectionMoved(disconnected, connected('0xa', 1))).toBe(true)
    expect(connectionMoved(connected('0xb', 1), connected('0xa', 1))).toBe(true)
    expect(connectionMoved(connected('0xa', 2), connected('0xa', 1))).toBe(true)
  })

  it('is false when the same account stays on the same chain, or stays disconnected', () => {
    expect(connectionMoved(connected('0xa', 1), connected('0xa', 1))).toBe(false)
    expect(connectionMoved(disconnected, disconnected)).toBe(false)
  })
})
