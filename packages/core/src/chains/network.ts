import type { CaipNetworkId } from '@latch/protocol'

/** The chain families the kit speaks to. */
export type ChainNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot'

/** A network the site offers, in CAIP form. */
export type CaipNetwork = {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  /** Polkadot: the SS58 prefix the chain writes its addresses with (0 Polkadot, 2 Kusama, 42 generic). */
  ss58Prefix?: number
}
