import { describe, expect, it } from 'vitest'
import { initialSwapState } from './initialState.ts'
import { reduceSwap } from './swapReducer.ts'
import { DAI, ETH, TOKENS, USDC } from './testFixtures.ts'
import type { SwapState } from './types.ts'

const loaded = (): SwapState =>
  reduceSwap(initialSwapState(), {
    type: 'tokensLoaded',
    tokens: TOKENS.map((token) => ({ ...token, balance: 10n ** 6n })),
    batches: false,
    pair: { from: USDC, to: DAI },
  })

describe('reduceSwap', () => {
  it("swaps the two sides when the other side's token is picked", () => {
    const state = reduceSwap(loaded(), { type: 'tokenChosen', side: 'from', token: DAI })
    expect(state).toMatchObject({ from: DAI, to: USDC })
    expect(reduceSwap(state, { type: 'tokenChosen', side: 'to', token: ETH })).toMatchObject({
      from: DAI,
      to: ETH,
    })
  })

  it('drops the quote when the input changes, saying what is wrong with it', () => {
    const typed = reduceSwap(loaded(), { type: 'amountTyped', amount: '5' })
    const changed = reduceSwap(typed, { type: 'inputChanged', asking: false })
    expect(changed).toMatchObject({
      quoteStatus: 'idle',
      quote: undefined,
      issue: { kind: 'insufficient-balance' },
    })
  })

  it("clears the quote's own issues with a quote, not the last swap's", () => {
    const answer = {
      quote: {
        id: 'route',
        fromAmount: '1',
        fromAccount: USDC,
        toAmount: '2',
        toAccount: DAI,
        fetchedAt: 0,
      },
      allowance: 0n,
    }
    const noRoute = reduceSwap(loaded(), {
      type: 'quoteFailed',
      issue: { kind: 'no-liquidity', message: 'No liquidity for this pair' },
    })
    expect(reduceSwap(noRoute, { type: 'quoteAnswered', answer })).toMatchObject({
      quoteStatus: 'ready',
      issue: undefined,
    })
    const declined = reduceSwap(loaded(), {
      type: 'swapFailed',
      issue: { kind: 'declined', message: 'Signature declined' },
    })
    expect(reduceSwap(declined, { type: 'quoteAnswered', answer }).issue?.kind).toBe('declined')
  })

  it('reads the input issues again when the balances change, and keeps the others', () => {
    const typed = reduceSwap(reduceSwap(loaded(), { type: 'amountTyped', amount: '5' }), {
      type: 'inputChanged',
      asking: false,
    })
    const richer = TOKENS.map((token) => ({ ...token, balance: 10n ** 20n }))
    expect(reduceSwap(typed, { type: 'balancesJoined', tokens: richer }).issue).toBeUndefined()
  })

  it('starts over with fresh fields, the network and pair kept until replaced', () => {
    const reset = reduceSwap(reduceSwap(loaded(), { type: 'amountTyped', amount: '1' }), {
      type: 'reset',
    })
    expect(reset).toMatchObject({ tokensStatus: 'idle', tokens: [], amount: '', from: USDC })
  })
})
