import { describe, expect, it } from 'vitest'
import { LatchError } from '../../errors.ts'
import {
  ETH_KEY,
  plainPreparation,
  RECEIVER,
  sendContextFixture,
  USDC_KEY,
} from '../sendContext.fixture.ts'
import { review } from './review.ts'

const fill = (
  context: ReturnType<typeof sendContextFixture>['context'],
  tokenKey: string,
  amount: string,
  receiver: string,
) => {
  context.dispatch({ type: 'tokenChosen', tokenKey })
  context.dispatch({ type: 'amountTyped', amount })
  context.dispatch({ type: 'receiverTyped', receiver })
}

describe('review', () => {
  it('goes to the review with the checked request and its fee', async () => {
    const { context, state } = sendContextFixture()
    fill(context, USDC_KEY, ' 12.5 ', RECEIVER)
    await review(context)
    expect(state()).toMatchObject({
      step: 'review',
      review: { request: { amount: '12.5', receiver: RECEIVER, token: { symbol: 'USDC' } } },
      fee: { status: 'ready', fee: 1000n },
    })
  })

  it('sends to the address a name typed points to, and names it in the review', async () => {
    const family = { transferPreparation: { ...plainPreparation, resolvesNames: true as const } }
    const { context, state } = sendContextFixture({ family })
    fill(context, ETH_KEY, '0.1', 'alice.latch.id')
    await review(context)
    expect(state().review).toMatchObject({
      request: { receiver: RECEIVER },
      receiverName: 'alice.latch.id',
    })
  })

  it("stays in the form with the family's words for a receiver it refuses", async () => {
    const check = async () => {
      throw new LatchError('Invalid receiver address', { details: 'the rule' })
    }
    const receiverRefusal = () => 'Invalid receiver address. The rule.'
    const family = { transferPreparation: { ...plainPreparation, check, receiverRefusal } }
    const { context, state } = sendContextFixture({ family })
    fill(context, ETH_KEY, '0.1', 'nonsense')
    await review(context)
    expect(state()).toMatchObject({ step: 'form', error: 'Invalid receiver address. The rule.' })
  })

  it('refuses an amount above the balance before the review', async () => {
    const { context, state } = sendContextFixture({ nativeBalance: 10n ** 17n })
    fill(context, ETH_KEY, '0.5', RECEIVER)
    await review(context)
    expect(state()).toMatchObject({
      step: 'form',
      error: { key: 'send.insufficientBalance', english: 'Insufficient ETH balance' },
    })
  })

  it('says a fee rate typed wrong before anything else', async () => {
    const family = {
      transferPreparation: plainPreparation,
      feeRates: async () => ({ slow: 1, normal: 2, fast: 3 }),
    }
    const { context, state } = sendContextFixture({ family })
    context.dispatch({
      type: 'feeChanged',
      feeRate: { status: 'ready', choice: 'normal', custom: '', options: [] },
    })
    context.dispatch({ type: 'feeRateChosen', choice: 'custom', custom: 'fast' })
    await review(context)
    expect(state().error).toBe('Invalid fee rate: enter a whole number of sat/vB, at least 1')
  })
})
