import { describe, expect, it } from 'vitest'
import { networksByNamespace } from './networksByNamespace.ts'

describe('networksByNamespace', () => {
  it('lists each namespace’s networks in their configured order', () => {
    expect(
      networksByNamespace([
        { namespace: 'eip155', caipNetworkId: 'eip155:1' },
        { namespace: 'solana', caipNetworkId: 'solana:abc' },
        { namespace: 'eip155', caipNetworkId: 'eip155:10' },
      ]),
    ).toEqual({ eip155: ['eip155:1', 'eip155:10'], solana: ['solana:abc'] })
  })

  it('names no namespace the server serves no network of', () => {
    expect(networksByNamespace([])).toEqual({})
  })
})
