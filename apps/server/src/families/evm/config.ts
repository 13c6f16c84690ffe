import type { DevnetManifest } from '@latch/protocol'
import { z } from 'zod'
import { type ChainConfig, chainConfig } from '../../chains/chainConfig.ts'

/** An EVM chain in LATCH_CHAINS: `"family": "eip155"`, or no family at all (see chainEntry). */
export const evmChainEntry = chainConfig.extend({ family: z.literal('eip155') })

/**
 * The devnet's chains as server config: RPC, tokens, Multicall3, the Uniswap V2 pools, the
 * bundler, the smart accounts' factory and the paymaster.
 */
export function chainsOfDevnet(manifest: DevnetManifest): ChainConfig[] {
  return manifest.chains.map((chain) => {
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
    return {
      chainId: chain.chainId,
      name: chain.name,
      rpcUrls: [chain.rpcUrl],
      nativeCurrency: chain.nativeCurrency,
      multicall3: chain.contracts.multicall3,
      tokens: chain.tokens.map(({ address, symbol, name, decimals, spam }) => ({
        address,
        symbol,
        name,
        decimals,
        spam,
      })),
      ...(chain.bundlerUrl ? { bundlerUrl: chain.bundlerUrl } : {}),
      accountFactory: chain.contracts.latchAccountFactory,
      ...(chain.contracts.latchPaymaster ? { paymaster: chain.contracts.latchPaymaster } : {}),
      ...(chain.contracts.latchSessionValidator
        ? { sessionValidator: chain.contracts.latchSessionValidator }
        : {}),
      ...(usdc
        ? {
            uniswapV2: {
              factory: chain.contracts.uniswapV2Factory,
              router: chain.contracts.uniswapV2Router02,
              weth: chain.contracts.weth9,
              usdToken: usdc.address,
            },
          }
        : {}),
    }
  })
}
