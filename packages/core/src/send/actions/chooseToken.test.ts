import { describe, expect, it } from 'vitest'
import { plainPreparation, sendContextFixture, USDC_KEY } from '../sendContext.fixture.ts'
import { chooseToken } from './chooseToken.ts'

describe('chooseToken', () => {
  it("chooses the token and shows the family's fee of sending it, in the native coin", async () => {
    const { context, state, settle } = sendContextFixture()
    chooseToken(context, USDC_KEY)
    expect(state()).toMatchObject({ tokenKey: USDC_KEY, fee: { status: 'loading' } })
    await settle()
    expect(state().fee).toMatchObject({ status: 'ready', fee: 1000n, symbol: 'ETH' })
  })

  it('changes nothing once the form is reviewed', () => {
    const { context, state } = sendContextFixture()
    context.dispatch({
      type: 'reviewed',
      review: { request: { receiver: '0x1' } },
      fee: { status: 'idle' },
    })
    chooseToken(context, USDC_KEY)
    expect(state().tokenKey).toBeUndefined()
  })

  it('says nothing of a fee where only the review can tell it', () => {
    const { formFee: _, ...noFormFee } = plainPreparation
    const { context, state } = sendContextFixture({ family: { transferPreparation: noFormFee } })
    chooseToken(context, USDC_KEY)
    expect(state().fee).toEqual({ status: 'idle' })
  })
})
