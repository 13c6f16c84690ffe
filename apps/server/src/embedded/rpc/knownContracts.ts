import type { WalletRpcCost } from '@latch/protocol'
import type { ChainConfig } from '../../chains/chainConfig.ts'

/**
 * What the approval screen may name on a chain: its configured tokens (symbol and decimals by
 * address; never a token flagged as spam, whose symbol may pose as another's) and its Uniswap V2
 * router.
 */
export function knownContracts(
  config: Pick<ChainConfig, 'tokens' | 'uniswapV2'>,
): Pick<WalletRpcCost, 'tokens' | 'swapRouter'> {
  return {
    tokens: config.tokens
      .filter((token) => !token.spam)
      .map(({ address, symbol, decimals }) => ({ address, symbol, decimals })),
    ...(config.uniswapV2 && { swapRouter: config.uniswapV2.router }),
  }
}
