import { describe, expect, it } from 'vitest'
import { readyFeeRate, sendContextFixture } from '../sendContext.fixture.ts'
import type { SendFeeRate } from '../sendFlowTypes.ts'
import { chooseFeeRate } from './chooseFeeRate.ts'

const ready: SendFeeRate = { ...readyFeeRate, choice: 'normal' }

describe('chooseFeeRate', () => {
  it('takes a speed or a rate typed, and the fee follows it', () => {
    const { context, state } = sendContextFixture()
    context.dispatch({ type: 'feeChanged', feeRate: ready })
    chooseFeeRate(context, 'slow')
    expect(state().fee).toMatchObject({ fee: 141n, feeRate: 1 })
    chooseFeeRate(context, 'custom', '10')
    expect(state().feeRate).toMatchObject({ choice: 'custom', custom: '10' })
    expect(state().fee).toMatchObject({ fee: 1410n, feeRate: 10 })
  })

  it('does nothing where the fee is not chosen by rate', () => {
    const { context, state } = sendContextFixture()
    chooseFeeRate(context, 'fast')
    expect(state().feeRate).toBeUndefined()
  })
})
