// Shared by the swap tests only: a devnet-like chain, its tokens, and transactions as the server
// builds them (calldata encoded for real, so the checks decode what a wallet would sign).
import type { CaipAddress, SwapToken } from '@latch/protocol'
import { encodeFunctionData, erc20Abi, parseAbi } from 'viem'

export const CHAIN = 'eip155:31337' as const
export const USER_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const USER = `${CHAIN}:${USER_ADDRESS}` as const
export const ROUTER = `${CHAIN}:0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D` as const
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
export const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee` as const
export const USDC = `${CHAIN}:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48` as const
export const DAI = `${CHAIN}:0x6B175474E89094C44Da98b954EedeAC495271d0F` as const

const token = (symbol: string, address: CaipAddress, decimals: number): SwapToken => ({
  name: symbol,
  symbol,
  address,
  decimals,
  logoUri: `http://server/public/getTokenImage/${symbol}`,
})
export const TOKENS: SwapToken[] = [
  token('ETH', ETH, 18),
  token('USDC', USDC, 6),
  token('DAI', DAI, 18),
]

const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

const addressOf = (id: string) => id.split(':')[2] as `0x${string}`
const pathAddress = (id: string) => (id === ETH ? WETH : addressOf(id)) as `0x${string}`

/** An approval as GET /v1/convert/build-approve answers it: `from` (and `to`) name the token. */
export function approveTx(options: { token: CaipAddress; amount: bigint; spender?: CaipAddress }) {
  return {
    from: options.token,
    to: options.token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [addressOf(options.spender ?? ROUTER), options.amount],
    }),
    value: '0',
    eip155: { gas: '55000', gasPrice: '2000000000' },
  }
}

/** A swap as POST /v1/convert/build-transaction answers it. */
export function swapTx(options: {
  from: CaipAddress
  to: CaipAddress
  amount: bigint
  amountOutMin: bigint
  recipient?: string
}) {
  const path = [pathAddress(options.from), pathAddress(options.to)]
  const recipient = (options.recipient ?? USER_ADDRESS) as `0x${string}`
  const deadline = 2_000_000_000n
  const data =
    options.from === ETH
      ? encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactETHForTokens',
          args: [options.amountOutMin, path, recipient, deadline],
        })
      : encodeFunctionData({
          abi: routerAbi,
          functionName: options.to === ETH ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [options.amount, options.amountOutMin, path, recipient, deadline],
        })
  return {
    from: USER,
    to: ROUTER,
    data,
    amount: options.from === ETH ? options.amount.toString() : '0',
    eip155: { gas: '150000', gasPrice: '2000000000' },
  }
}
