import { describe, expect, it } from 'vitest'
import { ETH_KEY, plainPreparation, RECEIVER, sendContextFixture } from '../sendContext.fixture.ts'
import { review } from './review.ts'

const before = { ...plainPreparation, feeBeforeReview: true as const }
const fill = (context: ReturnType<typeof sendContextFixture>['context']) => {
  context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
  context.dispatch({ type: 'amountTyped', amount: '0.1' })
  context.dispatch({ type: 'receiverTyped', receiver: RECEIVER })
}

describe('reviewFeeBefore (a fee that can refuse the send)', () => {
  it('reckons the exact fee in the form, then shows the review with it', async () => {
    const reviewFee = async () => ({ fee: 1410n, vsize: 141, feeRate: 10, exact: true })
    const family = { transferPreparation: { ...before, reviewFee } }
    const { context, state } = sendContextFixture({ family })
    fill(context)
    await review(context)
    expect(state()).toMatchObject({
      step: 'review',
      fee: { status: 'ready', fee: 1410n, vsize: 141, feeRate: 10, exact: true },
    })
  })

  it("keeps a send the fee refuses in the form, with the fee and the refusal's words", async () => {
    const refusal = async () => 'The send would leave less than 1 ETH'
    const family = { transferPreparation: { ...before, refusal } }
    const { context, state } = sendContextFixture({ family })
    fill(context)
    await review(context)
    expect(state()).toMatchObject({
      step: 'form',
      error: 'The send would leave less than 1 ETH',
      fee: { status: 'ready', fee: 1000n },
    })
  })

  it('shows no fee when the transfer is refused while it is reckoned', async () => {
    const reviewFee = async () => {
      throw new Error('Cannot build the transfer')
    }
    const family = { transferPreparation: { ...before, reviewFee } }
    const { context, state } = sendContextFixture({ family })
    fill(context)
    await review(context)
    expect(state()).toMatchObject({ step: 'form', fee: { status: 'idle' } })
  })
})
