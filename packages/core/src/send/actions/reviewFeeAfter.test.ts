import { describe, expect, it } from 'vitest'
import { ETH_KEY, plainPreparation, RECEIVER, sendContextFixture } from '../sendContext.fixture.ts'
import { review } from './review.ts'

const fill = (context: ReturnType<typeof sendContextFixture>['context'], amount: string) => {
  context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
  context.dispatch({ type: 'amountTyped', amount })
  context.dispatch({ type: 'receiverTyped', receiver: RECEIVER })
}

describe('reviewFeeAfter (the review shown while its fee is estimated)', () => {
  it('says what the native balance lacks for the amount and the fee', async () => {
    const { context, state } = sendContextFixture({ nativeBalance: 10n ** 18n })
    fill(context, '1')
    await review(context)
    expect(state().step).toBe('review')
    expect(state().review?.shortfall).toMatchObject({
      english: expect.stringMatching(/^Not enough ETH/),
    })
  })

  it('keeps Send on when the estimate fails, and says what the chain said', async () => {
    const reviewFee = async () => {
      throw new Error('x', { cause: { shortMessage: 'Execution reverted' } })
    }
    const family = { transferPreparation: { ...plainPreparation, reviewFee } }
    const { context, state } = sendContextFixture({ family })
    fill(context, '0.1')
    await review(context)
    expect(state()).toMatchObject({ step: 'review', fee: { status: 'unavailable' } })
    expect(state().error).toBeDefined()
    expect(state().review?.shortfall).toBeUndefined()
  })
})
