import { describe, expect, it } from 'vitest'
import { UserRejectedError } from '../../errors.ts'
import { ETH_KEY, RECEIVER, sendContextFixture } from '../sendContext.fixture.ts'
import { confirm } from './confirm.ts'
import { review } from './review.ts'

async function reviewed(fixture: ReturnType<typeof sendContextFixture>) {
  const { context } = fixture
  context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
  context.dispatch({ type: 'amountTyped', amount: '0.1' })
  context.dispatch({ type: 'receiverTyped', receiver: RECEIVER })
  await review(context)
}

describe('confirm', () => {
  it('sends the reviewed request and shows the result with its explorer page', async () => {
    const fixture = sendContextFixture()
    await reviewed(fixture)
    await confirm(fixture.context)
    expect(fixture.sent).toEqual([fixture.state().review?.request])
    expect(fixture.state()).toMatchObject({
      step: 'sent',
      result: {
        hash: '0xabc',
        amount: '0.1',
        symbol: 'ETH',
        status: 'pending',
        explorerUrl: 'https://explorer.example/tx/0xabc',
      },
    })
    expect(fixture.tracked).toMatchObject([{ event: 'SEND_SUCCESS' }])
  })

  it('goes back to the review with the reason when the wallet declines', async () => {
    const fixture = sendContextFixture({
      send: async () => {
        throw new UserRejectedError('User rejected the request')
      },
    })
    await reviewed(fixture)
    await confirm(fixture.context)
    expect(fixture.state()).toMatchObject({ step: 'review', error: 'Signature declined' })
    expect(fixture.tracked).toMatchObject([{ event: 'SEND_ERROR' }])
  })

  it('sends nothing from the form, and starts a fresh form when the visitor left', async () => {
    const fixture = sendContextFixture({ inFlow: false })
    await confirm(fixture.context)
    expect(fixture.sent).toEqual([])
    await reviewed(fixture)
    await confirm(fixture.context)
    expect(fixture.sent).toHaveLength(1)
    expect(fixture.state()).toMatchObject({ step: 'form', amount: '', result: undefined })
  })
})
