import { type Chain, defineChain } from 'viem'
import type { CaipNetwork } from '../../siteTypes.ts'

/** The viem chain of an EVM network, for wagmi and viem clients. */
export function toViemChain(network: CaipNetwork): Chain {
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  })
}
