import type { CaipNetworkId } from '@latch/protocol'
import type { ActiveAccount } from '../account/activeAccount.ts'
import type { BalancesController } from '../balances/createBalances.ts'
import type { NativeBalanceRead } from '../balances/refreshNativeBalance.ts'
import type { HistoryController, MinedTransaction } from '../history/createHistory.ts'
import type { NetworkController } from '../network/index.ts'
import type { QueryCache } from '../query/lazyQueryClient.ts'
import type { PendingTransactionsController } from '../send/createPendingTransactions.ts'
import type { ReadableStore } from '../store.ts'

export type RefreshAfterMinedDeps = {
  /** The active account in CAIP form: whose transactions these are. */
  account: ReadableStore<ActiveAccount | undefined>
  pendingTransactions: Pick<PendingTransactionsController, 'add' | 'remove'>
  network: Pick<NetworkController, 'find'>
  balances: Pick<BalancesController, 'refresh'>
  history: Pick<HistoryController, 'refresh'>
  queryClient: Pick<QueryCache, 'invalidateQueries'>
  refreshNativeBalance(target: ActiveAccount, read: NativeBalanceRead): Promise<void>
}

export type TransactionTracking = {
  /** A transaction the wallet sent: pending (with its explorer link) until mined. */
  sent(hash: string): void
  /** Waits for `mined`; then it is no longer pending and what the account holds is read again. */
  waited<Receipt>(
    hash: string,
    caipNetworkId: CaipNetworkId | undefined,
    mined: Promise<Receipt>,
  ): Promise<Receipt>
  /**
   * What the account did changed (a purchase, a mined transaction): its native balance and Activity
   * are stale. With the mined transaction, Activity on screen is refreshed until the server lists it.
   */
  refreshActivity(mined?: MinedTransaction): void
}

/** A sent transaction is pending until mined; once mined, the Tokens and Activity tabs refresh. */
export function refreshAfterMined(deps: RefreshAfterMinedDeps): TransactionTracking {
  function refreshActivity(mined?: MinedTransaction) {
    const current = deps.account.get()
    if (!current) return
    // What the account holds changed on chain: any cached balance (Solana's) is read past.
    void deps.refreshNativeBalance(current, { force: true })
    void deps.queryClient.invalidateQueries({ queryKey: ['history'] })
    deps.history.refresh(mined)
  }
  return {
    sent(hash) {
      const current = deps.account.get()
      if (!current) return
      const explorer = deps.network.find(current.caipNetworkId)?.blockExplorers?.default.url
      deps.pendingTransactions.add({
        hash,
        chainId: current.caipNetworkId,
        ...(explorer ? { explorer } : {}),
      })
    },
    async waited(hash, caipNetworkId, mined) {
      const receipt = await mined.finally(() => {
        deps.pendingTransactions.remove(hash)
      })
      const current = deps.account.get()
      if (current) {
        void deps.balances.refresh({
          address: current.address,
          chainId: current.caipNetworkId,
          force: true,
        })
        refreshActivity({
          hash,
          chainId: caipNetworkId ?? current.caipNetworkId,
          address: current.address,
        })
      }
      return receipt
    },
    refreshActivity,
  }
}
