import { describe, expect, it } from 'vitest'
import { connectedSender, readyFeeRate, sendContextFixture } from '../sendContext.fixture.ts'
import type { SendFeeRate } from '../sendFlowTypes.ts'
import { priceFormAtRate } from './priceFormAtRate.ts'

const ready: SendFeeRate = { ...readyFeeRate, choice: 'fast' }

describe('priceFormAtRate', () => {
  it("prices the form's fee at the speed chosen", () => {
    const { context, state } = sendContextFixture()
    context.dispatch({ type: 'feeChanged', feeRate: ready })
    priceFormAtRate(context, connectedSender(context))
    expect(state().fee).toMatchObject({ status: 'ready', fee: 564n, feeRate: 4 })
  })

  it('says the fee is unavailable while the rate typed is not a whole number of at least 1', () => {
    const { context, state } = sendContextFixture()
    context.dispatch({ type: 'feeChanged', feeRate: { ...ready, choice: 'custom', custom: '0.5' } })
    priceFormAtRate(context, connectedSender(context))
    expect(state().fee).toEqual({ status: 'unavailable' })
  })
})
