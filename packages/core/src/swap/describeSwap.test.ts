import { describe, expect, it } from 'vitest'
import { describeSwap } from './describeSwap.ts'
import { DAI, ETH, TOKENS, USDC } from './testFixtures.ts'
import type { SwapState } from './types.ts'

const base: SwapState = {
  tokensStatus: 'ready',
  tokens: TOKENS.map((token) => ({ ...token, balance: 10n ** 30n, balanceNumeric: '1000000' })),
  from: USDC,
  to: DAI,
  amount: '100',
  slippage: 1,
  quoteStatus: 'ready',
  quote: {
    id: 'route',
    fromAmount: '100000000',
    fromAccount: USDC,
    toAmount: (99n * 10n ** 18n).toString(),
    toAccount: DAI,
    fetchedAt: 0,
  },
  allowance: 0n,
  step: 'review',
}

const label = (state: Partial<SwapState>) => describeSwap({ ...base, ...state }).action.label

describe('describeSwap', () => {
  it('labels the button by what the swap needs next', () => {
    expect(label({ to: undefined })).toBe('Select a token')
    expect(label({ amount: '' })).toBe('Enter an amount')
    expect(label({ quoteStatus: 'loading', quote: undefined })).toBe('Getting quote…')
    expect(label({})).toBe('Approve USDC')
    expect(label({ allowance: 100_000_000n })).toBe('Swap')
    // A wallet that batches sends the approval with the swap: one button, one confirmation.
    expect(label({ batches: true })).toBe('Swap')
    expect(label({ from: ETH, to: USDC, amount: '1', allowance: undefined })).not.toBe(
      'Approve ETH',
    )
    expect(label({ step: 'approving' })).toBe('Approving USDC…')
    expect(label({ step: 'swapping' })).toBe('Swapping…')
    expect(
      label({
        quoteStatus: 'error',
        quote: undefined,
        issue: { kind: 'quote-failed', message: 'x' },
      }),
    ).toBe('Try again')
    const noRoute = (message: string) =>
      label({ quoteStatus: 'error', quote: undefined, issue: { kind: 'no-liquidity', message } })
    expect(noRoute('No liquidity for this pair')).toBe('No liquidity')
    expect(noRoute('ETH and WETH are the same asset: wrap or unwrap instead of swapping')).toBe(
      'Swap unavailable',
    )
  })

  it('marks the pending steps pending and disabled', () => {
    expect(describeSwap({ ...base, step: 'swapping' }).action).toMatchObject({
      disabled: true,
      pending: true,
    })
  })

  it('shows the output, rate and minimum received of the quote; no price, no impact', () => {
    const summary = describeSwap(base)
    expect(summary).toMatchObject({
      receive: '99',
      rate: '1 USDC = 0.99 DAI',
      minimumReceived: '98.01 DAI',
      needsApproval: true,
    })
    expect(summary.priceImpact).toBeUndefined()
    expect(summary.networkFeeUsd).toBeUndefined()
  })

  it("writes the rate and minimum received the way of the modal's language", () => {
    expect(describeSwap(base, 'de')).toMatchObject({
      rate: '1 USDC = 0,99 DAI',
      minimumReceived: '98,01 DAI',
    })
  })
})
