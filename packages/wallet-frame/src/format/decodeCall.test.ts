import { encodeFunctionData, erc20Abi, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeCall } from './decodeCall.ts'

const usdc = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const dai = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const weth = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0'
const router = '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9'
const user = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
])

describe('decodeCall', () => {
  it('reads an ERC-20 approve and transfer as viem encodes them', () => {
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, 10n ** 30n],
    })
    expect(decodeCall({ to: usdc, data: approve, value: 0n })).toEqual({
      kind: 'approve',
      token: usdc,
      spender: router,
      amount: 10n ** 30n,
    })
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [user, 5_000_000n],
    })
    expect(decodeCall({ to: usdc, data: transfer, value: 0n })).toEqual({
      kind: 'transfer',
      token: usdc,
      recipient: user,
      amount: 5_000_000n,
    })
  })

  it("reads the router's three exact-input swaps: what is sold, the least bought, who gets it", () => {
    const tokens = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactTokensForTokens',
      args: [100_000_000n, 98n * 10n ** 18n, [usdc, weth, dai], user, 1_900_000_000n],
    })
    expect(decodeCall({ to: router, data: tokens, value: 0n })).toEqual({
      kind: 'swap',
      router,
      sell: { token: usdc, amount: 100_000_000n },
      buy: { token: dai, minimum: 98n * 10n ** 18n },
      recipient: user,
      deadline: 1_900_000_000n,
    })
    const fromEth = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [7n, [weth, usdc], user, 1n],
    })
    expect(decodeCall({ to: router, data: fromEth, value: 10n ** 17n })).toMatchObject({
      sell: { amount: 10n ** 17n },
      buy: { token: usdc, minimum: 7n },
    })
    const toEth = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      args: [9n, 8n, [usdc, weth], user, 1n],
    })
    expect(decodeCall({ to: router, data: toEth, value: 0n })).toMatchObject({
      sell: { token: usdc, amount: 9n },
      buy: { minimum: 8n },
    })
  })

  it('leaves anything else undecoded: other functions, truncated or malformed arguments', () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [user, 1n],
    })
    expect(decodeCall({ to: usdc, data: transfer.slice(0, -2), value: 0n })).toBeUndefined()
    expect(decodeCall({ to: usdc, data: `${transfer}00`, value: 0n })).toBeUndefined()
    // An address word with bits above its 20 bytes is no address.
    expect(
      decodeCall({ to: usdc, data: `0xa9059cbb${'f'.repeat(64)}${'0'.repeat(64)}`, value: 0n }),
    ).toBeUndefined()
    expect(decodeCall({ to: usdc, data: '0x12345678', value: 0n })).toBeUndefined()
    expect(decodeCall({ to: usdc, data: '0x', value: 0n })).toBeUndefined()
  })
})
