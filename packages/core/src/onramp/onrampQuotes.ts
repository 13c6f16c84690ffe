import type { OnrampQuoteRequest } from '@latch/protocol'
import type { ApiClient } from '../api/client.ts'
import type { OnrampQuote } from '../api/onrampFallbacks.ts'
import { QUOTE_DEBOUNCE_MS } from '../constants.ts'
import { displayMessage } from '../displayMessage.ts'
import { latestOnly } from '../query/latestOnly.ts'
import type { Store } from '../store.ts'
import { onrampAmountIssue } from './amountIssue.ts'
import { purchaseNetwork } from './purchaseNetwork.ts'
import type { OnrampState } from './types.ts'

export type OnrampQuotes = {
  /** After the input changed: check the amount, drop the old quote, ask again once typing pauses. */
  inputChanged(): void
  /** Asks for the quote of the current input now; undefined when there is none to ask or it failed. */
  getQuote(): Promise<OnrampQuote | undefined>
  /** Drops a quote scheduled or in flight. */
  cancel(): void
}

/**
 * The on-ramp's quotes: asked once typing pauses, of which only the latest answer counts, and none
 * for an empty or off-limits amount. A failure is stored as the sentence the visitor reads.
 */
export function createOnrampQuotes(deps: {
  api: Pick<ApiClient, 'onrampQuote'>
  store: Store<OnrampState>
  /** The EIP-155 id of the chain bought on, when the active network is one the on-ramp serves. */
  chainId(): number | undefined
}): OnrampQuotes {
  const { store } = deps
  function applyQuote(quote: OnrampQuote) {
    store.set({
      quote,
      purchaseAmount: quote.mocked ? undefined : quote.purchaseAmount.amount,
      quotesLoading: false,
      error: undefined,
    })
  }
  function applyQuoteError(error: unknown) {
    store.set({
      quote: undefined,
      purchaseAmount: undefined,
      quotesLoading: false,
      error: displayMessage(error),
    })
  }
  const quotes = latestOnly<OnrampQuoteRequest, OnrampQuote>({
    delayMs: QUOTE_DEBOUNCE_MS,
    fetch: (request) => deps.api.onrampQuote(request),
    onAnswer: applyQuote,
    onError: applyQuoteError,
  })
  const requestOf = (state: OnrampState) => quoteRequest(state, deps.chainId())

  return {
    inputChanged() {
      const state = store.get()
      const amountIssue = onrampAmountIssue(
        state.paymentAmount,
        state.paymentCurrency,
        state.paymentMethod,
      )
      const request = requestOf({ ...state, amountIssue })
      store.set({
        amountIssue,
        quote: undefined,
        purchaseAmount: undefined,
        error: undefined,
        quotesLoading: request !== undefined,
      })
      if (request) quotes.schedule(request)
      else quotes.cancel()
    },
    async getQuote() {
      const request = requestOf(store.get())
      if (!request) {
        quotes.cancel()
        store.set({ quotesLoading: false })
        return undefined
      }
      store.set({ quotesLoading: true, error: undefined })
      try {
        const answer = await quotes.run(request)
        if (answer.stale) return undefined
        applyQuote(answer.value)
        return answer.value
      } catch (error) {
        applyQuoteError(error)
        return undefined
      }
    },
    cancel: () => quotes.cancel(),
  }
}

/** The quote to ask for the input; none for an empty or off-limits amount, or no network. */
export function quoteRequest(
  state: OnrampState,
  chainId: number | undefined,
): OnrampQuoteRequest | undefined {
  const amount = state.paymentAmount?.trim()
  if (!amount || state.amountIssue) return undefined
  const network = purchaseNetwork(state.purchaseCurrency, chainId)
  if (!network) return undefined
  return {
    purchaseCurrency: state.purchaseCurrency.id,
    paymentCurrency: state.paymentCurrency.id,
    amount,
    network: network.name,
    paymentMethod: state.paymentMethod,
    ...(state.selectedProvider ? { provider: state.selectedProvider.id } : {}),
  }
}
