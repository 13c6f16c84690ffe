import { erc20Abi, formatUnits, type Hex } from 'viem'
import { suggestGasPrices } from '../chains/gasPrice.ts'
import type { MulticallRead } from '../chains/multicall.ts'
import { HttpError } from '../errors.ts'
import { multicall3BlockAbi } from './abis.ts'
import { swapCalldata } from './calldata.ts'
import { SWAP_DEADLINE_SECONDS, SWAP_GAS_BOUND, SWAP_GAS_BOUND_PER_EXTRA_HOP } from './constants.ts'
import { EstimateRefusedError, estimateGasWithMargin } from './estimateGas.ts'
import type { PairDirectory } from './pairDirectory.ts'
import { quoteSwap, type SwapRoute } from './quoteSwap.ts'
import type { SwapChain, SwapRequest } from './swapChain.ts'
import { minimumAmountOut } from './uniswapV2Math.ts'

/** A swap as a transaction to sign: Router02 calldata, the value to send, gas and gas price. */
export type BuiltSwap = {
  data: Hex
  value: bigint
  gas: bigint
  gasPrice: bigint
  route: SwapRoute
  amountOutMin: bigint
}

export const ALLOWANCE_TOO_LOW = 'Allowance too low: approve first'
export const INSUFFICIENT_BALANCE = 'Insufficient balance'

/**
 * Builds the Router02 call that sells `amountIn` of `request.from` for `request.to` along the best
 * route (see quoteSwap), for at least the quote less `slippagePercent` percent, paid to the user,
 * valid SWAP_DEADLINE_SECONDS. The user's balances and the router's allowance are read in the same
 * multicall as the reserves; too small a balance of what is sold is a 400.
 *
 * With `estimate`: too small an allowance is a 400; the gas is eth_estimateGas from the user (plus
 * a margin), whose refusal is a 400 naming why; and the native coin held must pay the value and
 * gas x gas price, else a 400. Without, the gas is a bound by path length and nothing more is
 * checked (the caller may build before its approval is mined).
 *
 * Gas price: the chain's `fast` price (as GET /v1/convert/gas-price gives it).
 */
export async function buildSwapTransaction(
  pairs: PairDirectory,
  request: SwapRequest,
  params: { amountIn: bigint; slippagePercent: number; estimate: boolean; nowMs?: number },
): Promise<BuiltSwap> {
  const { swapChain, user, from, to } = request
  const reads: MulticallRead[] = [
    {
      address: swapChain.multicall3,
      abi: multicall3BlockAbi,
      functionName: 'getEthBalance',
      args: [user],
    },
  ]
  if (!from.native) {
    reads.push(
      { address: from.pathAddress, abi: erc20Abi, functionName: 'balanceOf', args: [user] },
      {
        address: from.pathAddress,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user, swapChain.router],
      },
    )
  }
  const gasPrice = suggestGasPrices(swapChain.chain.client).then((prices) => prices.fast)
  gasPrice.catch(() => {})
  const quote = await quoteSwap(pairs, swapChain, {
    from,
    to,
    amountIn: params.amountIn,
    extraReads: reads,
  })
  const [nativeBalance, tokenBalance, allowance] = quote.extra as (bigint | undefined)[]
  const balance = from.native ? nativeBalance : tokenBalance
  if (nativeBalance === undefined || balance === undefined)
    throw new Error(`the balances of ${user} could not be read`)
  if (balance < params.amountIn) {
    throw new HttpError(
      400,
      `${INSUFFICIENT_BALANCE}: ${formatUnits(balance, from.decimals)} ${from.symbol} held, ` +
        `${formatUnits(params.amountIn, from.decimals)} asked to swap`,
    )
  }

  const amountOutMin = minimumAmountOut(quote.route.amountOut, params.slippagePercent)
  const nowSeconds = BigInt(Math.floor((params.nowMs ?? Date.now()) / 1000))
  // The chain's clock may run ahead of ours (a devnet told to skip time): count from the later.
  const start = quote.blockTimestamp > nowSeconds ? quote.blockTimestamp : nowSeconds
  const { data, value } = swapCalldata({
    from,
    to,
    route: quote.route,
    amountOutMin,
    recipient: user,
    deadline: start + BigInt(SWAP_DEADLINE_SECONDS),
  })

  if (!params.estimate) {
    const hops = BigInt(quote.route.path.length - 2)
    const gas = SWAP_GAS_BOUND + SWAP_GAS_BOUND_PER_EXTRA_HOP * hops
    return { data, value, gas, gasPrice: await gasPrice, route: quote.route, amountOutMin }
  }
  if (!from.native && (allowance ?? 0n) < params.amountIn)
    throw new HttpError(400, ALLOWANCE_TOO_LOW)
  const gas = await estimateGasWithMargin(swapChain.chain.client, {
    from: user,
    to: swapChain.router,
    data,
    value,
  }).catch((error: unknown) => {
    throw error instanceof EstimateRefusedError ? swapRefused(error.reason) : error
  })
  const price = await gasPrice
  requireGasFunds(swapChain, nativeBalance, value, gas * price)
  return { data, value, gas, gasPrice: price, route: quote.route, amountOutMin }
}

/**
 * A 400 unless `held` of the native coin pays `value` and `maxFee` (gas limit x gas price), as
 * the node will require of the signed transaction.
 */
export function requireGasFunds(
  swapChain: SwapChain,
  held: bigint,
  value: bigint,
  maxFee: bigint,
): void {
  if (held >= value + maxFee) return
  const { symbol, decimals } = swapChain.native
  const swapped = value > 0n ? `${formatUnits(value, decimals)} to swap and ` : ''
  throw new HttpError(
    400,
    `${INSUFFICIENT_BALANCE}: ${formatUnits(held, decimals)} ${symbol} held, ${swapped}up to ` +
      `${formatUnits(maxFee, decimals)} for gas needed`,
  )
}

/** A 400 saying why the node refused to estimate the swap, in the words a user can act on. */
function swapRefused(reason: string): HttpError {
  // Router02's TransferHelper says TRANSFER_FROM_FAILED for a short balance and allowance alike.
  if (/TRANSFER_FROM_FAILED|InsufficientAllowance|insufficient allowance/i.test(reason))
    return new HttpError(400, `${ALLOWANCE_TOO_LOW} (or balance too low): ${reason}`)
  if (/insufficient (funds|balance)|InsufficientBalance/i.test(reason))
    return new HttpError(400, `${INSUFFICIENT_BALANCE}: ${reason}`)
  if (/INSUFFICIENT_OUTPUT_AMOUNT/.test(reason))
    return new HttpError(400, `The price moved beyond the slippage tolerance: ${reason}`)
  return new HttpError(400, `The swap would fail: ${reason}`)
}
