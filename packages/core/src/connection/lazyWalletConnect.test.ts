import { describe, expect, it } from 'vitest'
import { createEvents } from '../events/index.ts'
import type { LatchEvent } from '../events/types.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createConnection } from './createConnection.ts'
import { lazyWalletConnect } from './lazyWalletConnect.ts'

function setup(pairing: 'none' | 'refused') {
  const events = createEvents()
  const seen: LatchEvent[] = []
  events.subscribe((event) => seen.push(event))
  let evmLoaded = 0
  const walletConnect = lazyWalletConnect({
    walletActions: lazyCode(() => import('./walletActions.ts')),
    loadEvm: async () => {
      evmLoaded += 1
      return {
        walletConnect:
          pairing === 'none'
            ? undefined
            : {
                pair: () => Promise.reject(new Error('Proposal expired')),
                peer: () => undefined,
                namespaces: () => [],
                abandon: () => {},
              },
        connect: async () => {},
      }
    },
    connection: createConnection({
      storage: createStorage({ storage: createMemoryStorage() }),
      events,
    }),
    events,
    closeAfterConnect: () => {},
  })
  return { walletConnect, seen, evmLoaded: () => evmLoaded }
}

describe('lazyWalletConnect', () => {
  it('loads nothing to leave before a pairing, and says when the family offers no WalletConnect', async () => {
    const { walletConnect, seen, evmLoaded } = setup('none')
    walletConnect.leave()
    expect(evmLoaded()).toBe(0)
    await expect(walletConnect.connect()).rejects.toThrow('WalletConnect is not configured')
    expect(seen.map((event) => event.event)).toEqual([
      'SELECT_METHOD',
      'SELECT_WALLET',
      'CONNECT_ERROR',
    ])
    expect(seen[1]).toMatchObject({ properties: { name: 'WalletConnect', platform: 'qrcode' } })
  })

  it('reports a failed pairing with the wallet the visitor picked', async () => {
    const { walletConnect, seen } = setup('refused')
    await expect(
      walletConnect.connect({ name: 'Rainbow', id: 'rainbow' } as never),
    ).rejects.toThrow()
    expect(seen.at(-1)).toMatchObject({
      event: 'CONNECT_ERROR',
      properties: { method: 'qrcode', name: 'Rainbow' },
    })
  })
})
