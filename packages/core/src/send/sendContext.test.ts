import { describe, expect, it } from 'vitest'
import { NETWORK, SENDER, sendContextFixture } from './sendContext.fixture.ts'
import { createSendContext } from './sendContext.ts'

describe('createSendContext', () => {
  it("gives the sender with its family's part of a send, and none when the family has none", () => {
    const { context, deps } = sendContextFixture()
    expect(context.sender()).toMatchObject({ address: SENDER, caipNetworkId: NETWORK })
    const withoutPart = createSendContext({ ...deps, family: () => ({}) }, { inFlow: () => true })
    expect(withoutPart.sender()).toBeUndefined()
    const noAdapter = createSendContext(
      {
        ...deps,
        family: () => {
          throw new Error('No solana wallet is available')
        },
      },
      { inFlow: () => true },
    )
    expect(noAdapter.sender()).toBeUndefined()
  })

  it('prices a fee in the native coin with its USD value, and drops answers asked over', () => {
    const { context } = sendContextFixture()
    expect(context.priced(NETWORK, { fee: 10n ** 15n, exact: true })).toEqual({
      status: 'ready',
      fee: 10n ** 15n,
      symbol: 'ETH',
      decimals: 18,
      usd: 2,
      exact: true,
    })
    const asked = context.ask()
    expect(context.isLatest(asked)).toBe(true)
    context.reset()
    expect(context.isLatest(asked)).toBe(false)
  })
})
