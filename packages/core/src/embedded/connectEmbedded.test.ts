import { describe, expect, it } from 'vitest'
import type { ActiveAccount } from '../account/activeAccount.ts'
import { createEvents } from '../events/index.ts'
import type { LatchEvent } from '../events/types.ts'
import { createNetworkController, defineEvmNetwork } from '../network/index.ts'
import { createStore, selectStore } from '../store.ts'
import { connectEmbedded } from './connectEmbedded.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'

const devnet = defineEvmNetwork({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' })

function setup(connect: (walletId: string, options?: object) => Promise<void>) {
  const events = createEvents()
  const seen: LatchEvent[] = []
  events.subscribe((event) => seen.push(event))
  const account = createStore<{ current?: ActiveAccount }>({})
  let closed = 0
  const login = connectEmbedded({
    loadEvm: async () => ({ connect }),
    network: createNetworkController([devnet], devnet),
    activeAccount: selectStore(account, (state) => state.current),
    events,
    walletName: () => 'Google',
    closeAfterConnect: () => {
      closed += 1
    },
  })
  return { login, seen, account, closed: () => closed }
}

describe('connectEmbedded', () => {
  it('connects the embedded wallet on the active EVM network, reports it, and closes', async () => {
    const asked: unknown[] = []
    const { login, seen, account, closed } = setup(async (walletId, options) => {
      asked.push([walletId, options])
      account.set({
        current: {
          namespace: 'eip155',
          address: '0x1',
          caipAddress: 'eip155:31337:0x1',
          caipNetworkId: 'eip155:31337',
        },
      })
    })
    await login('social')
    expect(asked).toEqual([[EMBEDDED_CONNECTOR_ID, { caipNetworkId: 'eip155:31337' }]])
    expect(seen.at(-1)).toMatchObject({
      event: 'CONNECT_SUCCESS',
      properties: { method: 'social', name: 'Google', chain: 'eip155:31337' },
    })
    expect(closed()).toBe(1)
  })

  it('reports a failed login as shown to the visitor, and rethrows it', async () => {
    const { login, seen, closed } = setup(async () => {
      throw new Error('User rejected the request.')
    })
    await expect(login('email')).rejects.toThrow('User rejected the request.')
    expect(seen.at(-1)).toMatchObject({ event: 'CONNECT_ERROR', properties: { method: 'email' } })
    expect(closed()).toBe(0)
  })
})
