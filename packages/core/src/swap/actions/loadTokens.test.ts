import { describe, expect, it } from 'vitest'
import { swapContextFixture } from '../swapContext.fixture.ts'
import { ETH, USDC } from '../testFixtures.ts'
import { loadTokens } from './loadTokens.ts'

describe('loadTokens', () => {
  it('loads the tokens with the balances, selling the native coin for the first token', async () => {
    const { context, state } = swapContextFixture()
    await loadTokens(context)
    expect(state()).toMatchObject({ tokensStatus: 'ready', from: ETH, to: USDC, batches: false })
    expect(state().tokens.find((token) => token.address === USDC)?.balanceNumeric).toBe('1234.5')
  })

  it('says a family swaps do not serve instead of loading tokens', async () => {
    const { context, state, account } = swapContextFixture()
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    account.set({
      namespace: 'solana',
      address: 'owner',
      caipAddress: `${solana}:owner`,
      caipNetworkId: solana,
    })
    await loadTokens(context)
    expect(state()).toMatchObject({
      tokensStatus: 'error',
      issue: { kind: 'quote-failed', message: 'Network not supported for Swaps' },
    })
  })
})
