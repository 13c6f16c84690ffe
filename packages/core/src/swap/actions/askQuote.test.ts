import { describe, expect, it } from 'vitest'
import { swapContextFixture } from '../swapContext.fixture.ts'
import { ETH, USDC } from '../testFixtures.ts'
import { askQuote, quoteRequest } from './askQuote.ts'
import { loadTokens } from './loadTokens.ts'

describe('askQuote', () => {
  it('asks for a quote of a pair and an amount, with the gas unless the balance is short', async () => {
    const { context, state } = swapContextFixture()
    await loadTokens(context)
    context.dispatch({ type: 'amountTyped', amount: '1' })
    expect(quoteRequest(context, state())).toMatchObject({
      from: { address: ETH },
      to: { address: USDC },
      amount: 10n ** 18n,
      withGas: true,
    })
    context.dispatch({ type: 'amountTyped', amount: '2' })
    expect(quoteRequest(context, state())?.withGas).toBe(false)
  })

  it('asks nothing without an amount, and says so', async () => {
    const { context, state } = swapContextFixture()
    await loadTokens(context)
    askQuote(context)
    expect(state().quoteStatus).toBe('idle')
    context.dispatch({ type: 'amountTyped', amount: 'abc' })
    askQuote(context)
    expect(state()).toMatchObject({ quoteStatus: 'idle', issue: { kind: 'invalid-amount' } })
  })
})
