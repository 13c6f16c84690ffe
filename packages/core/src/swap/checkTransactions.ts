import type { BuildApproveResponse, BuildTransactionResponse, CaipAddress } from '@latch/protocol'
import { decodeFunctionData, erc20Abi } from 'viem'
import { PriceChangedError, UnexpectedTransactionError } from './errors.ts'

/** Uniswap V2 Router02's swap functions, as the server builds them (its public interface). */
const router02SwapAbi = [
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [{ name: 'amounts', type: 'uint256[]' }],
  },
  ...(['swapExactTokensForETH', 'swapExactTokensForTokens'] as const).map(
    (name) =>
      ({
        type: 'function',
        name,
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'amountIn', type: 'uint256' },
          { name: 'amountOutMin', type: 'uint256' },
          { name: 'path', type: 'address[]' },
          { name: 'to', type: 'address' },
          { name: 'deadline', type: 'uint256' },
        ],
        outputs: [{ name: 'amounts', type: 'uint256[]' }],
      }) as const,
  ),
] as const

/** A token of a swap, by its CAIP-10 id; `native` for the chain's coin. */
export type SwapSide = { address: CaipAddress; native: boolean }

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const addressOf = (id: CaipAddress) => id.split(':')[2] ?? ''

function decode<const Abi extends readonly unknown[]>(abi: Abi, data: `0x${string}`) {
  try {
    return decodeFunctionData({ abi, data })
  } catch {
    throw new UnexpectedTransactionError('its calldata is not a call the swap expects')
  }
}

function expect(condition: boolean, details: string): void {
  if (!condition) throw new UnexpectedTransactionError(details)
}

/**
 * Checks an approval the server built before it is signed: sent to the token sold (`tx.from`, which
 * names the token contract in this API; the connected account is always the sender), no value,
 * `approve(router, amount)` for exactly the amount to swap. `tx.to` is not read: nothing is sent
 * to it.
 * @throws UnexpectedTransactionError naming what differs
 */
export function checkApproval(
  tx: BuildApproveResponse['tx'],
  expected: { token: CaipAddress; router: CaipAddress; amount: bigint },
): void {
  expect(sameId(tx.from, expected.token), 'the approval is not sent to the token sold')
  expect(BigInt(tx.value) === 0n, 'the approval sends value')
  const call = decode(erc20Abi, tx.data)
  expect(call.functionName === 'approve', 'the approval does not call approve')
  const [spender, amount] = call.args as readonly [string, bigint]
  expect(sameId(spender, addressOf(expected.router)), 'the approval names another spender')
  expect(amount === expected.amount, 'the approval is for another amount')
}

/**
 * Checks a swap the server built before it is signed: from the user to the router, selling
 * exactly the amount reviewed (as the value for the native coin, else none), along a path from the
 * token sold to the token bought, paying the user, for at least the minimum the view showed.
 * @throws UnexpectedTransactionError naming what differs
 * @throws PriceChangedError when it would give less than `minimumOut`
 */
export function checkSwapTransaction(
  tx: BuildTransactionResponse['tx'],
  expected: {
    user: CaipAddress
    router: CaipAddress
    from: SwapSide
    to: SwapSide
    amount: bigint
    minimumOut: bigint
  },
): void {
  const { from, to, amount } = expected
  expect(sameId(tx.from, expected.user), 'the swap is not from the connected account')
  expect(sameId(tx.to, expected.router), 'the swap is not sent to the router')
  const call = decode(router02SwapAbi, tx.data)
  const functionName = from.native
    ? 'swapExactETHForTokens'
    : to.native
      ? 'swapExactTokensForETH'
      : 'swapExactTokensForTokens'
  expect(call.functionName === functionName, `the swap calls ${call.functionName}`)
  const args = call.args as readonly unknown[]
  const [amountIn, amountOutMin, path, recipient] = (
    call.functionName === 'swapExactETHForTokens' ? [BigInt(tx.amount), ...args] : args
  ) as [bigint, bigint, readonly string[], string]
  expect(BigInt(tx.amount) === (from.native ? amount : 0n), 'the swap sends another value')
  expect(amountIn === amount, 'the swap sells another amount')
  expect(
    from.native || sameId(path[0] ?? '', addressOf(from.address)),
    'the swap sells another token',
  )
  expect(
    to.native || sameId(path.at(-1) ?? '', addressOf(to.address)),
    'the swap buys another token',
  )
  expect(sameId(recipient, addressOf(expected.user)), 'the swap pays another account')
  if (amountOutMin < expected.minimumOut)
    throw new PriceChangedError({
      details: `the swap gives at least ${amountOutMin}, less than the ${expected.minimumOut} shown`,
    })
}
