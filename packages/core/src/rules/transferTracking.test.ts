import { describe, expect, it } from 'vitest'
import type { ActiveAccount } from '../account/activeAccount.ts'
import { createPendingTransactions } from '../send/createPendingTransactions.ts'
import { createStore, selectStore } from '../store.ts'
import type { RefreshAfterMinedDeps } from './refreshAfterMined.ts'
import { createTransferTracking } from './transferTracking.ts'

const account: ActiveAccount = {
  namespace: 'eip155',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  caipNetworkId: 'eip155:31337',
  caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
}

const HASH = `0x${'ab'.repeat(32)}`

function deps() {
  const pendingTransactions = createPendingTransactions()
  const refreshed: string[] = []
  const value: RefreshAfterMinedDeps = {
    account: selectStore(createStore({ current: account }), (state) => state.current),
    pendingTransactions,
    network: { find: () => undefined },
    balances: { refresh: async () => {} },
    history: { refresh: () => refreshed.push('history') },
    queryClient: { invalidateQueries: async () => {} },
    refreshNativeBalance: async () => {
      refreshed.push('native')
    },
  }
  return { value, pendingTransactions, refreshed }
}

describe('createTransferTracking', () => {
  it('keeps a sent transaction pending until it is mined', async () => {
    const { value, pendingTransactions } = deps()
    const tracking = createTransferTracking(value)
    await tracking.track(HASH)
    expect(pendingTransactions.state.get().pending.map((entry) => entry.hash)).toEqual([HASH])
    await expect(tracking.watch(HASH, 'eip155:31337', Promise.resolve('receipt'))).resolves.toBe(
      'receipt',
    )
    expect(pendingTransactions.state.get().pending).toEqual([])
  })

  it('never turns a send into a failure when its code cannot load', async () => {
    const { value, pendingTransactions, refreshed } = deps()
    const lost = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    const tracking = createTransferTracking(value, lost)
    await expect(tracking.track(HASH)).resolves.toBeUndefined()
    await expect(tracking.watch(HASH, undefined, Promise.resolve(7))).resolves.toBe(7)
    tracking.refreshActivity()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pendingTransactions.state.get().pending).toEqual([])
    expect(refreshed).toEqual([])
  })
})
