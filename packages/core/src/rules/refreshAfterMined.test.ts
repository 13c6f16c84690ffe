import type { CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { createNativeBalanceRefresh } from '../balances/refreshNativeBalance.ts'
import type { MinedTransaction } from '../history/createHistory.ts'
import { createPendingTransactions } from '../send/createPendingTransactions.ts'
import { refreshAfterMined } from './refreshAfterMined.ts'
import { ADDRESS, connectedTo, createTestStores } from './testStores.ts'

const HASH = `0x${'ab'.repeat(32)}`

function setup() {
  const stores = createTestStores()
  const pendingTransactions = createPendingTransactions(() => 1000)
  let onChain = 10n ** 18n
  const tokenReads: { address: string; chainId: CaipNetworkId; force?: boolean }[] = []
  const activity: (MinedTransaction | undefined)[] = []
  const invalidated: unknown[] = []
  const nativeReads: { force?: boolean }[] = []
  const tracking = refreshAfterMined({
    account: stores.activeAccount,
    pendingTransactions,
    network: stores.network,
    balances: { refresh: async (target) => void tokenReads.push(target) },
    history: { refresh: (mined) => void activity.push(mined) },
    queryClient: { invalidateQueries: async (filters) => void invalidated.push(filters) },
    refreshNativeBalance: createNativeBalanceRefresh({
      account: stores.account,
      getBalance: async (_target, read) => {
        nativeReads.push(read)
        return { value: onChain, decimals: 18, symbol: 'ETH' }
      },
    }),
  })
  stores.wallet.set(connectedTo(31337))
  return {
    ...stores,
    pendingTransactions,
    tracking,
    tokenReads,
    activity,
    invalidated,
    nativeReads,
    spend: (value: bigint) => {
      onChain -= value
    },
  }
}

describe('refreshAfterMined', () => {
  it('lists a sent transaction as pending, with its explorer link', () => {
    const { tracking, pendingTransactions } = setup()
    tracking.sent(HASH)
    expect(pendingTransactions.state.get().pending).toEqual([
      {
        hash: HASH,
        chainId: 'eip155:31337',
        sentAt: 1000,
        explorerUrl: `https://explorer.test/tx/${HASH}`,
      },
    ])
  })

  it('once mined: no longer pending, and the balance, Tokens and Activity are read again', async () => {
    const {
      tracking,
      pendingTransactions,
      account,
      tokenReads,
      activity,
      invalidated,
      nativeReads,
      spend,
    } = setup()
    tracking.sent(HASH)
    spend(5n * 10n ** 17n)
    const receipt = await tracking.waited(HASH, undefined, Promise.resolve({ success: true }))
    await Promise.resolve()
    expect(receipt).toEqual({ success: true })
    expect(pendingTransactions.state.get().pending).toEqual([])
    expect(account.get('eip155').balance).toBe('0.5')
    // Both past any cache (the server's 30 s copy of a Solana account): the account just changed.
    expect(nativeReads).toEqual([{ force: true }])
    expect(tokenReads).toEqual([{ address: ADDRESS, chainId: 'eip155:31337', force: true }])
    expect(invalidated).toEqual([{ queryKey: ['history'] }])
    expect(activity).toEqual([{ hash: HASH, chainId: 'eip155:31337', address: ADDRESS }])
  })

  it('forces the native balance when what the account holds changed otherwise (a purchase delivered)', async () => {
    const { tracking, nativeReads } = setup()
    tracking.refreshActivity()
    expect(nativeReads).toEqual([{ force: true }])
  })

  it('drops a transaction whose wait failed from the pending list, and refreshes nothing', async () => {
    const { tracking, pendingTransactions, tokenReads, nativeReads } = setup()
    tracking.sent(HASH)
    await expect(
      tracking.waited(HASH, 'eip155:31337', Promise.reject(new Error('dropped'))),
    ).rejects.toThrow('dropped')
    expect(pendingTransactions.state.get().pending).toEqual([])
    expect(tokenReads).toEqual([])
    expect(nativeReads).toEqual([])
  })

  it('tracks nothing once the wallet disconnected', () => {
    const { tracking, pendingTransactions, wallet } = setup()
    wallet.set({ status: 'disconnected' })
    tracking.sent(HASH)
    tracking.refreshActivity()
    expect(pendingTransactions.state.get().pending).toEqual([])
  })
})
