import { describe, expect, it } from 'vitest'
import { ETH_KEY, plainPreparation, sendContextFixture } from '../sendContext.fixture.ts'
import { estimateFormFee } from './estimateFormFee.ts'

const rated = (feeRates: () => Promise<{ slow: number; normal: number; fast: number }>) => ({
  family: { transferPreparation: plainPreparation, feeRates },
})

describe('loadFeeRates (a fee chosen by rate)', () => {
  it('reads the rates, then prices each speed and the normal one for a typical transfer', async () => {
    const { context, state } = sendContextFixture(
      rated(async () => ({ slow: 1, normal: 2, fast: 3 })),
    )
    context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
    await estimateFormFee(context)
    expect(state().feeRate).toMatchObject({ status: 'ready', choice: 'normal' })
    expect(state().feeRate?.options.map((option) => option.fee)).toEqual([141n, 282n, 423n])
    expect(state().fee).toMatchObject({ status: 'ready', fee: 282n, vsize: 141, feeRate: 2 })
  })

  it('leaves the fee unavailable when the rates cannot be read', async () => {
    const { context, state } = sendContextFixture(
      rated(async () => {
        throw new Error('server down')
      }),
    )
    context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
    await estimateFormFee(context)
    expect(state()).toMatchObject({
      feeRate: { status: 'unavailable', choice: 'normal', options: [] },
      fee: { status: 'unavailable' },
    })
  })
})
