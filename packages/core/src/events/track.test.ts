import { describe, expect, it, vi } from 'vitest'
import { createConnection } from '../connection/createConnection.ts'
import { createStorage } from '../storage/index.ts'
import { createEvents } from './createEvents.ts'
import { trackConnectError, trackLoginMethods, trackSelectWallet } from './track.ts'
import type { LatchEvent } from './types.ts'

const recorder = () => {
  const events = createEvents()
  const seen: LatchEvent[] = []
  events.subscribe((event) => seen.push(event))
  return { events, seen }
}

describe('the connect funnel events', () => {
  it('a picked wallet reports its method, then the wallet and where it connects', () => {
    const { events, seen } = recorder()
    trackSelectWallet(events, { name: 'Test Wallet', id: 'io.latch.test' }, 'browser')
    trackSelectWallet(events, { name: 'WalletConnect' }, 'qrcode')
    expect(seen).toEqual([
      { type: 'track', event: 'SELECT_METHOD', properties: { method: 'wallet' } },
      {
        type: 'track',
        event: 'SELECT_WALLET',
        properties: { name: 'Test Wallet', walletId: 'io.latch.test', platform: 'browser' },
      },
      { type: 'track', event: 'SELECT_METHOD', properties: { method: 'walletconnect' } },
      {
        type: 'track',
        event: 'SELECT_WALLET',
        properties: { name: 'WalletConnect', platform: 'qrcode' },
      },
    ])
  })

  it('email, social and Farcaster logins report their method before their flow runs', async () => {
    const { events, seen } = recorder()
    const order: string[] = []
    const controller = {
      connectEmail: vi.fn(async (_email: string) => {
        order.push(`flow after ${seen.length} events`)
        return true
      }),
      connectSocial: vi.fn(async (_provider: string) => true),
      connectFarcaster: vi.fn(async () => true),
    }
    trackLoginMethods(controller, events)
    await controller.connectEmail('visitor@example.com')
    await controller.connectSocial('github')
    await controller.connectFarcaster()
    expect(order).toEqual(['flow after 1 events'])
    expect(seen.map((event) => event.properties)).toEqual([
      { method: 'email' },
      { method: 'social' },
      { method: 'farcaster' },
    ])
    // The address typed is the flow's alone: no event carries it.
    expect(JSON.stringify(seen)).not.toContain('visitor@example.com')
  })

  it('CONNECT_SUCCESS carries the network connected on; CONNECT_ERROR the sentence shown', () => {
    const { events, seen } = recorder()
    const connection = createConnection({
      storage: createStorage(),
      events,
      chain: () => 'eip155:31337',
    })
    connection.finalize({ wallet: { id: 'io.latch.test', name: 'Test Wallet' }, method: 'browser' })
    trackConnectError(events, 'browser', 'Connection declined', 'Test Wallet')
    expect(seen).toEqual([
      {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        properties: {
          method: 'browser',
          name: 'Test Wallet',
          walletId: 'io.latch.test',
          chain: 'eip155:31337',
        },
      },
      {
        type: 'track',
        event: 'CONNECT_ERROR',
        properties: { message: 'Connection declined', method: 'browser', name: 'Test Wallet' },
      },
    ])
  })
})
