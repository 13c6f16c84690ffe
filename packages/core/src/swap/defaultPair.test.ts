import type { SwapToken } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { defaultPair } from './defaultPair.ts'
import { CHAIN, DAI, ETH, TOKENS, USDC } from './testFixtures.ts'

const weth: SwapToken = {
  name: 'Wrapped Ether',
  symbol: 'WETH',
  address: `${CHAIN}:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2`,
  decimals: 18,
  logoUri: '',
}

describe('defaultPair', () => {
  it('sells the native coin for the first other token, not its wrapped self', () => {
    const [eth, usdc, dai] = TOKENS as [SwapToken, SwapToken, SwapToken]
    expect(defaultPair([eth, weth, usdc, dai])).toEqual({ from: ETH, to: USDC })
    expect(defaultPair([eth, weth])).toEqual({ from: ETH, to: weth.address })
    expect(defaultPair([usdc, dai])).toEqual({ from: USDC, to: DAI })
    expect(defaultPair([])).toEqual({})
  })
})
