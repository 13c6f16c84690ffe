import { describe, expect, it } from 'vitest'
import { ETH_KEY, plainPreparation, sendContextFixture } from '../sendContext.fixture.ts'
import { estimateFormFee } from './estimateFormFee.ts'

describe('estimateFormFee', () => {
  it('shows a fee the family knows at once without asking, in USD too', () => {
    const family = { transferPreparation: { ...plainPreparation, fixedFee: 5000n } }
    const { context, state } = sendContextFixture({ family })
    context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
    void estimateFormFee(context)
    expect(state().fee).toEqual({
      status: 'ready',
      fee: 5000n,
      symbol: 'ETH',
      decimals: 18,
      usd: 2000 * 5000e-18,
    })
  })

  it('says the fee is unavailable when the estimate fails, and drops an answer asked over', async () => {
    let fail = true
    const formFee = async () => {
      if (fail) throw new Error('node down')
      return { fee: 7n }
    }
    const family = { transferPreparation: { ...plainPreparation, formFee } }
    const { context, state } = sendContextFixture({ family })
    context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
    await estimateFormFee(context)
    expect(state().fee).toEqual({ status: 'unavailable' })
    fail = false
    const first = estimateFormFee(context)
    context.ask()
    await first
    expect(state().fee).toEqual({ status: 'loading' })
  })
})
