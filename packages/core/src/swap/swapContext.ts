import type { CaipAddress, CaipNetworkId, SwapToken } from '@latch/protocol'
import { evmChainIdOf, serves } from '../chains/serves.ts'
import { QUOTE_DEBOUNCE_MS } from '../constants.ts'
import { type LatestOnly, latestOnly } from '../query/latestOnly.ts'
import { createStore, type Store } from '../store.ts'
import { SWAP_NAMESPACES } from './errors.ts'
import { fetchQuote, type QuoteAnswer, type QuoteRequest, quoteIssue } from './fetchQuote.ts'
import { initialSwapState } from './initialState.ts'
import type { SwapDeps } from './swapDeps.ts'
import { reduceSwap, type SwapEvent } from './swapReducer.ts'
import type { SwapState } from './types.ts'

/** The account that swaps, in the forms the server and the wallet take. */
export type SwapAccount = {
  address: string
  chainId: CaipNetworkId
  evmChainId: number
  user: CaipAddress
}

/** What every action of the swap works with: its state, its events, the account and the quotes. */
export type SwapContext = {
  readonly deps: SwapDeps
  readonly store: Store<SwapState>
  state(): SwapState
  dispatch(event: SwapEvent): void
  now(): number
  /** The active account, when swaps serve its family. */
  account(): SwapAccount | undefined
  /** The server's tokens and their USD prices, as last loaded. */
  catalogue: { tokens: readonly SwapToken[]; prices: Map<string, number> }
  /** Quotes debounced, only the latest answer kept. */
  readonly quotes: LatestOnly<QuoteRequest, QuoteAnswer>
  /** Bumped by reset: work that started before it must not write into the new state. */
  generation(): number
  /** Input is locked while an approval or swap is under way. */
  busy(): boolean
  reset(): void
}

/** The swap's state and what its actions share, per swap: the store moves only by `reduceSwap`. */
export function createSwapContext(deps: SwapDeps): SwapContext {
  const store = deps.store ?? createStore<SwapState>(initialSwapState())
  const now = deps.now ?? (() => Date.now())
  let generation = 0
  const dispatch = (event: SwapEvent) => store.set(reduceSwap(store.get(), event))
  const quotes = latestOnly<QuoteRequest, QuoteAnswer>({
    delayMs: QUOTE_DEBOUNCE_MS,
    fetch: (request) => fetchQuote(deps.api, request, now),
    onAnswer: (answer) => dispatch({ type: 'quoteAnswered', answer }),
    onError: (error) => dispatch({ type: 'quoteFailed', issue: quoteIssue(error) }),
  })
  const context: SwapContext = {
    deps,
    store,
    state: () => store.get(),
    dispatch,
    now,
    account() {
      const current = deps.account.get()
      if (!current || !serves(SWAP_NAMESPACES, current.caipNetworkId)) return undefined
      return {
        address: current.address,
        chainId: current.caipNetworkId,
        evmChainId: evmChainIdOf(current.caipNetworkId),
        user: current.caipAddress,
      }
    },
    catalogue: { tokens: [], prices: new Map() },
    quotes,
    generation: () => generation,
    busy() {
      const step = store.get().step
      return step === 'approving' || step === 'swapping'
    },
    reset() {
      generation++
      quotes.cancel()
      context.catalogue = { tokens: [], prices: new Map() }
      dispatch({ type: 'reset' })
    },
  }
  return context
}
