import type { SwapToken, TokenBalance } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { joinBalances } from './joinBalances.ts'

const chain = 'eip155:31337'
const usdcId = `${chain}:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48` as const
const token = (symbol: string, address: `${string}:${string}:${string}`, decimals: number) =>
  ({ name: symbol, symbol, address, decimals, logoUri: `http://server/${symbol}` }) as SwapToken
const tokens = [
  token('ETH', `${chain}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, 18),
  token('USDC', usdcId, 6),
  token('DAI', `${chain}:0x6B175474E89094C44Da98b954EedeAC495271d0F`, 18),
]
const balance = (symbol: string, numeric: string, decimals: string, address?: string) =>
  ({
    name: symbol,
    symbol,
    chainId: chain,
    ...(address ? { address } : {}),
    price: symbol === 'ETH' ? 3000 : 1,
    quantity: { decimals, numeric },
    iconUrl: '',
  }) as TokenBalance

describe('joinBalances', () => {
  it('gives each token what is held of it, 0 when the balances do not list it', () => {
    const held = [balance('ETH', '1.5', '18'), balance('USDC', '1234.5', '6', usdcId.toLowerCase())]
    const joined = joinBalances(tokens, held, new Map())
    expect(joined.map((t) => [t.symbol, t.balance, t.balanceNumeric, t.price])).toEqual([
      ['ETH', 1_500_000_000_000_000_000n, '1.5', 3000],
      ['USDC', 1_234_500_000n, '1234.5', 1],
      ['DAI', 0n, '0', undefined],
    ])
  })

  it('claims no balance while the balances are not known, and prefers the listed prices', () => {
    const joined = joinBalances(tokens, undefined, new Map([[usdcId.toLowerCase(), 0.999]]))
    expect(joined[1]).toMatchObject({ symbol: 'USDC', price: 0.999 })
    expect(joined.every((t) => t.balance === undefined && t.balanceNumeric === undefined)).toBe(
      true,
    )
  })
})
