import { describe, expect, it } from 'vitest'
import { checkApproval, checkSwapTransaction } from './checkTransactions.ts'
import { PriceChangedError, UnexpectedTransactionError } from './errors.ts'
import { approveTx, DAI, ETH, ROUTER, swapTx, USDC, USER } from './testFixtures.ts'

const eth = { address: ETH, native: true }
const usdc = { address: USDC, native: false }
const dai = { address: DAI, native: false }

describe('checkApproval', () => {
  const expected = { token: USDC, router: ROUTER, amount: 100_000_000n }

  it('passes an approval of exactly the amount to the router', () => {
    expect(() =>
      checkApproval(approveTx({ token: USDC, amount: 100_000_000n }), expected),
    ).not.toThrow()
  })

  it('refuses another spender, another amount or another token', () => {
    const otherSpender = `${USER}` as const
    expect(() =>
      checkApproval(
        approveTx({ token: USDC, amount: 100_000_000n, spender: otherSpender }),
        expected,
      ),
    ).toThrow('the approval names another spender')
    expect(() =>
      checkApproval(approveTx({ token: USDC, amount: 2n ** 256n - 1n }), expected),
    ).toThrow('the approval is for another amount')
    expect(() => checkApproval(approveTx({ token: DAI, amount: 100_000_000n }), expected)).toThrow(
      UnexpectedTransactionError,
    )
  })

  it('refuses an approval whose `from` names the user: sent there, it would approve nothing', () => {
    const toUser = { ...approveTx({ token: USDC, amount: 100_000_000n }), from: USER }
    expect(() => checkApproval(toUser, expected)).toThrow(
      'the approval is not sent to the token sold',
    )
  })
})

describe('checkSwapTransaction', () => {
  const sellEth = {
    user: USER,
    router: ROUTER,
    from: eth,
    to: usdc,
    amount: 10n ** 17n,
    minimumOut: 296_000_000n,
  }

  it('passes the swap the user reviewed', () => {
    const tx = swapTx({ from: ETH, to: USDC, amount: 10n ** 17n, amountOutMin: 296_000_000n })
    expect(() => checkSwapTransaction(tx, sellEth)).not.toThrow()
    const tokens = swapTx({ from: USDC, to: DAI, amount: 5n, amountOutMin: 4n })
    expect(() =>
      checkSwapTransaction(tokens, { ...sellEth, from: usdc, to: dai, amount: 5n, minimumOut: 4n }),
    ).not.toThrow()
  })

  it('refuses a swap that pays another account or sells another amount', () => {
    const elsewhere = swapTx({
      from: ETH,
      to: USDC,
      amount: 10n ** 17n,
      amountOutMin: 296_000_000n,
      recipient: '0x000000000000000000000000000000000000dEaD',
    })
    expect(() => checkSwapTransaction(elsewhere, sellEth)).toThrow('the swap pays another account')
    const more = swapTx({ from: ETH, to: USDC, amount: 10n ** 18n, amountOutMin: 296_000_000n })
    expect(() => checkSwapTransaction(more, sellEth)).toThrow('the swap sends another value')
    const garbage = { ...more, data: '0x1234' as const }
    expect(() => checkSwapTransaction(garbage, sellEth)).toThrow(UnexpectedTransactionError)
  })

  it('reports a swap giving less than the minimum shown as a price change', () => {
    const less = swapTx({ from: ETH, to: USDC, amount: 10n ** 17n, amountOutMin: 295_999_999n })
    expect(() => checkSwapTransaction(less, sellEth)).toThrow(PriceChangedError)
  })
})
