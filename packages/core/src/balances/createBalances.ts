import type { CaipNetworkId, TokenBalance } from '@latch/protocol'
import type { ApiClient } from '../api/client.ts'
import { BALANCE_RETRY_GUARD_MS, PORTFOLIO_CACHE_MS } from '../constants.ts'
import type { QueryCache } from '../query/lazyQueryClient.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { createStore, type ReadableStore } from '../store.ts'

/** The Tokens tab's data: what the account holds on the active network. */
export type BalancesState = {
  status: 'idle' | 'loading' | 'success' | 'error'
  /** Entries with zero decimals are dropped: they cannot be shown as amounts. */
  balances: readonly TokenBalance[]
  /** Sum of the entries' USD values. */
  totalUsd: number
  address?: string
  chainId?: CaipNetworkId
}

export type BalancesDeps = {
  api: Pick<ApiClient, 'balance'>
  queryClient: QueryCache
  snackbar: Pick<SnackbarController, 'showError'>
  /** Whether the server answers for the network (its supported chains). */
  isSupported(chainId: CaipNetworkId): Promise<boolean>
  /** Defaults to `Date.now`. */
  now?: () => number
}

export type BalancesController = {
  state: ReadableStore<BalancesState>
  /**
   * Fetches the balances of `address` on `chainId` (cached 30 s; `force` skips every cache). A
   * failure or an unsupported network shows 'Token Balance Unavailable' and an empty list, and no
   * fetch is tried again for 30 s, so a failing server is not hammered.
   */
  refresh(target: { address: string; chainId: CaipNetworkId; force?: boolean }): Promise<void>
  reset(): void
}

const empty = (): BalancesState => ({ status: 'idle', balances: [], totalUsd: 0 })

/** @example const balances = createBalances({ api, queryClient, snackbar, isSupported }) */
export function createBalances(deps: BalancesDeps): BalancesController {
  const now = deps.now ?? (() => Date.now())
  const store = createStore<BalancesState>(empty())
  let failedAt = Number.NEGATIVE_INFINITY
  let latest = 0

  function fail(target: { address: string; chainId: CaipNetworkId }) {
    failedAt = now()
    store.set({ ...empty(), status: 'error', ...target })
    deps.snackbar.showError('Token Balance Unavailable')
  }

  return {
    state: store,
    async refresh({ address, chainId, force = false }) {
      const request = ++latest
      const key = { address, chainId }
      const current = store.get()
      const same = current.address === address && current.chainId === chainId
      if (now() - failedAt < BALANCE_RETRY_GUARD_MS) {
        // No retry within 30 s of a failure: an empty list meanwhile.
        if (!same || current.status !== 'error') store.set({ ...empty(), status: 'error', ...key })
        return
      }
      store.set(same ? { status: 'loading' } : { ...empty(), status: 'loading', ...key })
      try {
        if (!(await deps.isSupported(chainId))) {
          if (request === latest) fail(key)
          return
        }
        const queryKey = ['balance', chainId, address.toLowerCase()]
        if (force) await deps.queryClient.cancelQueries({ queryKey })
        const data = await deps.queryClient.fetchQuery({
          queryKey,
          queryFn: () => deps.api.balance(address, chainId, { forceUpdate: force }),
          staleTime: force ? 0 : PORTFOLIO_CACHE_MS,
          // Balances have their own 30 s guard instead of retries.
          retry: false,
        })
        if (request !== latest) return
        const balances = data.balances.filter((entry) => Number(entry.quantity.decimals) !== 0)
        const totalUsd = balances.reduce((sum, entry) => sum + (entry.value ?? 0), 0)
        store.set({ status: 'success', balances, totalUsd, ...key })
      } catch {
        if (request === latest) fail(key)
      }
    },
    reset() {
      latest++
      store.set({ ...empty(), address: undefined, chainId: undefined })
    },
  }
}
