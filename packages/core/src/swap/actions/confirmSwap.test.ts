import { describe, expect, it } from 'vitest'
import { QUOTE_REFRESH_MS } from '../../constants.ts'
import { swapContextFixture } from '../swapContext.fixture.ts'
import { ROUTER } from '../testFixtures.ts'
import { quoteRequest } from './askQuote.ts'
import { confirmSwap } from './confirmSwap.ts'
import { flip } from './editInput.ts'
import { loadTokens } from './loadTokens.ts'

/** The tokens loaded and `amount` typed, its quote answered (no debounce: asked at once). */
async function quoted(fixture: ReturnType<typeof swapContextFixture>, amount: string) {
  const { context } = fixture
  await loadTokens(context)
  context.dispatch({ type: 'amountTyped', amount })
  const request = quoteRequest(context, context.state())
  if (!request) throw new Error('nothing to quote')
  const answer = await context.quotes.run(request)
  if (!answer.stale) context.dispatch({ type: 'quoteAnswered', answer: answer.value })
}

describe('confirmSwap', () => {
  it('swaps the native coin at once, and says it is done', async () => {
    const fixture = swapContextFixture()
    await quoted(fixture, '0.5')
    const hash = await confirmSwap(fixture.context)
    expect(hash).toBeDefined()
    expect(fixture.state()).toMatchObject({ step: 'done', txHash: hash })
    expect(fixture.calls).toContain(`send to ${ROUTER.split(':')[2]?.toLowerCase()}`)
    expect(fixture.calls.at(-1)).toBe('toast: success')
  })

  it('approves the router first when it may not spend the token', async () => {
    const fixture = swapContextFixture({ allowance: 0n })
    await loadTokens(fixture.context)
    flip(fixture.context)
    await quoted(fixture, '10')
    await confirmSwap(fixture.context)
    expect(fixture.calls.indexOf('build-approve')).toBeLessThan(fixture.calls.indexOf('build-swap'))
  })

  it('stops on an old quote that now gives less, and shows the current one', async () => {
    let time = 0
    const fixture = swapContextFixture({ now: () => time })
    await quoted(fixture, '0.5')
    fixture.setRate(1n)
    time = QUOTE_REFRESH_MS
    expect(await confirmSwap(fixture.context)).toBeUndefined()
    expect(fixture.state()).toMatchObject({
      step: 'review',
      issue: { kind: 'price-changed' },
      quote: { toAmount: String(5n * 10n ** 17n) },
    })
  })

  it('keeps the input and says the wallet declined', async () => {
    const fixture = swapContextFixture({ decline: true })
    await quoted(fixture, '0.5')
    expect(await confirmSwap(fixture.context)).toBeUndefined()
    expect(fixture.state()).toMatchObject({
      step: 'review',
      amount: '0.5',
      issue: { kind: 'declined', message: 'Signature declined' },
    })
  })
})
