import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAIRING_EXPIRY_MS } from '../../../constants.ts'
import type { WalletConnectProvider } from '../../../options/walletConnectClient.ts'
import { endProposals, pairOn } from './proposals.ts'

/**
 * A provider keeping WalletConnect's contract as far as the kit relies on it: connect() sends a
 * proposal on a new pairing topic, shows its URI, and waits; expiring the proposal (the expirer
 * set to 0) deletes it and rejects that connect() with "Proposal expired".
 */
function fakeProvider() {
  const proposals = new Map<number, { id: number; pairingTopic: string; fail(): void }>()
  const listeners = new Set<(uri: string) => void>()
  const expired: number[] = []
  let next = 1
  const provider = {
    client: {
      proposal: { getAll: () => [...proposals.values()] },
      core: {
        expirer: {
          set(id: number, expiry: number) {
            const proposal = proposals.get(id)
            if (expiry !== 0 || !proposal) return
            expired.push(id)
            proposals.delete(id)
            proposal.fail()
          },
        },
      },
    },
    on: (_event: string, listener: (uri: string) => void) => listeners.add(listener),
    off: (_event: string, listener: (uri: string) => void) => listeners.delete(listener),
    connect: () =>
      new Promise((_resolve, reject) => {
        const id = next++
        const pairingTopic = `${id}`.padStart(64, '0')
        proposals.set(id, {
          id,
          pairingTopic,
          fail: () => reject(new Error('Proposal expired')),
        })
        for (const listener of listeners) listener(`wc:${pairingTopic}@2?relay-protocol=irn`)
      }),
  }
  return { provider: provider as unknown as WalletConnectProvider, proposals, expired }
}

describe('WalletConnect proposals', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ends a proposal left on screen when its URI expires, before WalletConnect’s own timer', async () => {
    vi.useFakeTimers()
    const { provider, expired } = fakeProvider()
    const uris: string[] = []
    const pairing = pairOn(provider, {}, (uri) => uris.push(uri))
    const outcome = pairing.catch((error: Error) => error.message)
    expect(uris).toHaveLength(1)
    vi.advanceTimersByTime(PAIRING_EXPIRY_MS - 1)
    expect(expired).toEqual([])
    vi.advanceTimersByTime(1)
    expect(expired).toEqual([1])
    expect(await outcome).toBe('Proposal expired')
  })

  it('a new pairing ends the proposals of earlier ones; abandoning ends the rest', async () => {
    const { provider, proposals, expired } = fakeProvider()
    const first = pairOn(provider, {}, () => {}).catch((error: Error) => error.message)
    const second = pairOn(provider, {}, () => {}).catch((error: Error) => error.message)
    expect(await first).toBe('Proposal expired')
    expect([...proposals.keys()]).toEqual([2])
    endProposals(provider)
    expect(await second).toBe('Proposal expired')
    expect(expired).toEqual([1, 2])
  })
})
