import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUOTE_DEBOUNCE_MS } from '../../constants.ts'
import { swapContextFixture } from '../swapContext.fixture.ts'
import { ETH, USDC } from '../testFixtures.ts'
import { chooseToken, fillMax, flip, refreshQuote, startOver, typeAmount } from './editInput.ts'
import { loadTokens } from './loadTokens.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

async function loaded() {
  const fixture = swapContextFixture()
  await loadTokens(fixture.context)
  return fixture
}

describe("the swap's input", () => {
  it('asks for a quote once typing pauses, only for the last amount', async () => {
    const { context, state, calls } = await loaded()
    typeAmount(context, '0.1')
    typeAmount(context, '0.15')
    expect(state().quoteStatus).toBe('loading')
    await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS)
    expect(calls.filter((call) => call.startsWith('quote'))).toEqual([`quote ${15n * 10n ** 16n}`])
    expect(state()).toMatchObject({
      quoteStatus: 'ready',
      quote: { toAmount: `${3n * 10n ** 17n}` },
    })
  })

  it('flips the pair, fills Max of an ERC-20 only, and starts over with the same tokens', async () => {
    const { context, state } = await loaded()
    fillMax(context)
    expect(state().amount).toBe('')
    flip(context)
    expect(state()).toMatchObject({ from: USDC, to: ETH })
    fillMax(context)
    expect(state().amount).toBe('1234.5')
    startOver(context)
    expect(state()).toMatchObject({ amount: '', from: USDC, quoteStatus: 'idle' })
  })

  it('changes nothing while a swap is under way', async () => {
    const { context, state } = await loaded()
    context.dispatch({ type: 'swapStarted', step: 'swapping' })
    chooseToken(context, 'from', USDC)
    typeAmount(context, '1')
    refreshQuote(context)
    expect(state()).toMatchObject({ from: ETH, amount: '', step: 'swapping' })
  })
})
