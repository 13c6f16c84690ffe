import { describe, expect, it } from 'vitest'
import { LatchError } from '../../errors.ts'
import { ETH_KEY, plainPreparation, sendContextFixture, USDC_KEY } from '../sendContext.fixture.ts'
import { fillMax } from './fillMax.ts'

describe('fillMax', () => {
  it('fills all of a token, and of the native coin what the family says is left once the fee is paid', async () => {
    const { context, state } = sendContextFixture()
    context.dispatch({ type: 'tokenChosen', tokenKey: USDC_KEY })
    await fillMax(context)
    expect(state().amount).toBe('100')
    context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
    await fillMax(context)
    expect(state().amount).toBe('0.5')
  })

  it('asks for a token first, and says why the most cannot be told', async () => {
    const maxNative = async () => {
      throw new LatchError('Gas price unavailable: enter an amount')
    }
    const family = { transferPreparation: { ...plainPreparation, maxNative } }
    const { context, state } = sendContextFixture({ family })
    await fillMax(context)
    expect(state().error).toBe('A token is required')
    context.dispatch({ type: 'tokenChosen', tokenKey: ETH_KEY })
    await fillMax(context)
    expect(state().error).toBe('Gas price unavailable: enter an amount')
  })
})
