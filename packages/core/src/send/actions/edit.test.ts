import { describe, expect, it } from 'vitest'
import { ETH_KEY, RECEIVER, sendContextFixture } from '../sendContext.fixture.ts'
import { edit } from './edit.ts'
import { review } from './review.ts'

describe('edit', () => {
  it("goes back to the form with the values kept, and the form's fee asked again", async () => {
    const { context, state, settle } = sendContextFixture()
    context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
    context.dispatch({ type: 'amountTyped', amount: '0.1' })
    context.dispatch({ type: 'receiverTyped', receiver: RECEIVER })
    await review(context)
    edit(context)
    expect(state()).toMatchObject({
      step: 'form',
      amount: '0.1',
      receiver: RECEIVER,
      review: undefined,
    })
    expect(state().fee.status).toBe('loading')
    await settle()
    expect(state().fee.status).toBe('ready')
  })
})
