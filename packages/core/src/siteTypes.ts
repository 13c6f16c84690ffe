// The small types the lowest layer (constants.ts, storage) names, kept here so that layer imports
// nothing above it: the chain families and the networks a site offers, the modal's features and
// looks. The options, the chain families and sites name them too.
import type { CaipNetworkId } from '@latch/protocol'
import type { SocialProvider } from '@latch/protocol/constants'

/** The chain families the kit speaks to. */
export type ChainNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot'

/** The chain families the kit implements, each with a loader in chains/registry.ts. */
export const CHAIN_NAMESPACES = [
  'eip155',
  'solana',
  'bip122',
  'polkadot',
] as const satisfies readonly ChainNamespace[]

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

/** The ways to connect, in the order the Connect view lists them. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

export type ThemeMode = 'dark' | 'light'

/** Features of the modal; an empty socials list turns social login off. */
export type Features = {
  receive: boolean
  send: boolean
  swaps: boolean
  onramp: boolean
  activity: boolean
  email: boolean
  socials: readonly SocialProvider[]
  /**
   * The Account view's Sessions entry for every EVM account (the site grants smart sessions);
   * without it only a smart account that has sessions shows it. The site's word only: no default
   * and no project setting, so a site without sessions carries no byte of it.
   */
  sessions?: boolean
  /**
   * Usage and error events sent to the Latch server for the project's owner (on unless false). The
   * visitor's Do Not Track or Global Privacy Control, or the project's own setting, turn it off too.
   */
  analytics?: boolean
}
