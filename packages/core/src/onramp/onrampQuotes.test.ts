import { describe, expect, it } from 'vitest'
import type { OnrampQuote } from '../api/onrampFallbacks.ts'
import { LatchError } from '../errors.ts'
import { createStore } from '../store.ts'
import { initialOnrampState } from './initialState.ts'
import { createOnrampQuotes, quoteRequest } from './onrampQuotes.ts'
import { knownProviders } from './providers.ts'

describe('quoteRequest', () => {
  it('asks on the active chain’s network, with the chosen provider, and not without an amount', () => {
    const [meld] = knownProviders(['meld'])
    const state = { ...initialOnrampState([]), paymentAmount: ' 50 ', selectedProvider: meld }
    expect(quoteRequest(state, 137)).toMatchObject({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'polygon',
      paymentMethod: 'card',
      provider: 'meld',
    })
    // Not on a chain the currency is on: its first network.
    expect(quoteRequest(state, 31337)?.network).toBe('ethereum')
    expect(quoteRequest({ ...state, paymentAmount: '' }, 1)).toBeUndefined()
    expect(quoteRequest({ ...state, amountIssue: 'The minimum is 20 USD' }, 1)).toBeUndefined()
  })
})

describe('createOnrampQuotes', () => {
  it('keeps the answer of the quote asked now, and the sentence of a failure', async () => {
    const store = createStore({ ...initialOnrampState([]), paymentAmount: '50' })
    let fail = false
    const quote = { purchaseAmount: { amount: '49.5' } } as OnrampQuote
    const quotes = createOnrampQuotes({
      api: {
        onrampQuote: async () => {
          if (fail) throw new LatchError('Quote unavailable')
          return quote
        },
      },
      store,
      chainId: () => 1,
    })
    expect(await quotes.getQuote()).toBe(quote)
    expect(store.get()).toMatchObject({ purchaseAmount: '49.5', quotesLoading: false })
    fail = true
    expect(await quotes.getQuote()).toBeUndefined()
    expect(store.get()).toMatchObject({ quote: undefined, error: 'Quote unavailable' })
  })

  it('drops the old quote as the input changes, and asks for none without an amount', async () => {
    const store = createStore({ ...initialOnrampState([]), paymentAmount: '' })
    const quotes = createOnrampQuotes({
      api: { onrampQuote: async () => ({ purchaseAmount: { amount: '1' } }) as OnrampQuote },
      store,
      chainId: () => 1,
    })
    quotes.inputChanged()
    expect(store.get()).toMatchObject({ quotesLoading: false, quote: undefined })
    expect(await quotes.getQuote()).toBeUndefined()
  })
})
