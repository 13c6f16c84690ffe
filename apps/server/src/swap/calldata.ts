import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { uniswapV2RouterAbi } from './abis.ts'
import type { SwapRoute } from './quoteSwap.ts'
import type { SwapAsset } from './swapChain.ts'

/** `approve(spender, amount)` of an ERC-20. */
export function approveCalldata(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}

/**
 * The Router02 call that sells exactly `route.amounts[0]` along `route.path` for at least
 * `amountOutMin`, to `recipient`, before `deadline` (unix seconds): swapExactETHForTokens when
 * selling the native coin (the amount is then the call's value), swapExactTokensForETH when
 * buying it, else swapExactTokensForTokens.
 */
export function swapCalldata(params: {
  from: SwapAsset
  to: SwapAsset
  route: SwapRoute
  amountOutMin: bigint
  recipient: Address
  deadline: bigint
}): { data: Hex; value: bigint } {
  const { from, to, route, amountOutMin, recipient, deadline } = params
  const amountIn = route.amounts[0] as bigint
  const path = route.path
  if (from.native) {
    return {
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, path, recipient, deadline],
      }),
      value: amountIn,
    }
  }
  const functionName = to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  return {
    data: encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName,
      args: [amountIn, amountOutMin, path, recipient, deadline],
    }),
    value: 0n,
  }
}
