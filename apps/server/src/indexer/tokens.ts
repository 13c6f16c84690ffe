import type { ChainConfig, TokenConfig } from '../chains/chainConfig.ts'

/**
 * The ERC-20s whose transfers a chain's history holds, by lowercase address: the configured
 * tokens, and the Uniswap router's WETH (a swap to or from the native coin moves it) even when it
 * is not configured as a token.
 */
export function trackedTokens(chain: ChainConfig): Map<string, TokenConfig> {
  const tokens = new Map(chain.tokens.map((token) => [token.address.toLowerCase(), token]))
  const weth = chain.uniswapV2?.weth
  if (weth && !tokens.has(weth.toLowerCase())) {
    tokens.set(weth.toLowerCase(), {
      address: weth,
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
      spam: false,
    })
  }
  return tokens
}
