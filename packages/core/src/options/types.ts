import type { SocialProvider } from '@latch/protocol/constants'
import type {
  CaipNetwork,
  ChainNamespace,
  ConnectMethod,
  Features,
  ThemeMode,
} from '../siteTypes.ts'
import type { StartWalletConnect } from './walletConnectClient.ts'

/** Sign-in options: the Latch server checks the signature and keeps the session. */
export type SiwxOptions = {
  /** When true, the modal cannot be closed until signed in, and cancelling disconnects. */
  required?: boolean
  /** The message's statement line. */
  statement?: string
}

/** Social login providers. */
export type { SocialProvider } from '@latch/protocol/constants'

/** Theme overrides by CSS variable name, e.g. `{ '--latch-accent': '#47a1ff' }`. */
export type ThemeVariables = Readonly<Record<string, string | number>>

/** What the site says about itself to wallets. */
export type Metadata = {
  name: string
  description: string
  url: string
  icons: string[]
}

/**
 * Where WalletConnect pairs phone wallets (QR code and deep links): what `walletConnect()` of
 * `@latch/core/walletconnect` gives, with the client it loads.
 */
export type WalletConnectOptions = {
  /** The WalletConnect project id the relay expects. */
  projectId: string
  /** The relay's WebSocket URL; default the public WalletConnect relay. */
  relayUrl?: string
  /**
   * Loads WalletConnect's client (`@walletconnect/universal-provider`, which the site installs to
   * offer WalletConnect), when a visitor first needs it.
   */
  loadClient: () => Promise<StartWalletConnect>
}

/** The options a site passes; everything but networks has a default. */
export type LatchOptions = {
  /** Missing does not throw: the resolved options flag it so the wiring raises the alert. */
  projectId?: string
  /** At least one network. */
  networks: readonly CaipNetwork[]
  /**
   * The chain families the page may load (`['solana']`, `['eip155', 'solana']`), each only with
   * its own code (a family left out costs the page no bytes). Default: the families of `networks`.
   * Named, a network of another family is a configuration error rather than that family's code
   * loading with the page, and each named family needs a network.
   */
  adapters?: readonly ChainNamespace[]
  /** One of `networks`; the first when not given. */
  defaultNetwork?: CaipNetwork
  /** Merged over the defaults; `socials: false` turns social login off. */
  features?: Partial<Omit<Features, 'socials'>> & { socials?: readonly SocialProvider[] | false }
  connectMethodsOrder?: readonly ConnectMethod[]
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  metadata?: Partial<Metadata>
  /** Sign in with Ethereum; typed by the sign-in module. Cannot be set with `siwx`. */
  siweConfig?: unknown
  /** Sign in with the wallet, verified by the Latch server. Cannot be set with `siweConfig`. */
  siwx?: SiwxOptions
  enableEIP6963?: boolean
  enableInjected?: boolean
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  allowUnsupportedChain?: boolean
  /** WalletConnect for phone wallets; without it the modal offers browser wallets only. */
  walletConnect?: WalletConnectOptions
  /**
   * The embedded wallet's origin (the Latch server's frame listener), e.g. `http://127.0.0.1:8788`.
   * Without it email and social login are off, whatever `features` says.
   */
  walletFrameUrl?: string
  /**
   * Visitors whose browser reports one of these time zones are offered no Buy and no Swap, and
   * told so. Default: mainland China, Hong Kong and Macau's zones; `[]` turns it off.
   */
  restrictedTimezones?: readonly string[]
  debug?: boolean
}

/** Options with every default applied. */
export type ResolvedOptions = {
  /** Empty when the site gave none; see `projectIdMissing`. */
  projectId: string
  /** True when no projectId was given: the wiring raises 'Project ID Not Configured'. */
  projectIdMissing: boolean
  networks: readonly CaipNetwork[]
  defaultNetwork: CaipNetwork
  /** The chain families the page loads: the default network's first, then in network order. */
  families: readonly ChainNamespace[]
  features: Readonly<Features>
  connectMethodsOrder: readonly ConnectMethod[]
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  metadata: Readonly<Metadata>
  siweConfig: unknown
  siwx: SiwxOptions | undefined
  enableEIP6963: boolean
  enableInjected: boolean
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  allowUnsupportedChain: boolean
  walletConnect: Readonly<Required<WalletConnectOptions>> | undefined
  /**
   * A `walletConnect` option without the client to load (a plain `{ projectId }`, not made by
   * `walletConnect()`): WalletConnect is off, and the wiring says how to turn it on.
   */
  walletConnectWithoutClient: boolean
  /** The embedded wallet's origin (no path), or undefined: email and social login are off. */
  walletFrameUrl: string | undefined
  /**
   * The `walletFrameUrl` given when it is no http(s) URL, and why: left out (email and social
   * login are off) and reported by the wiring, rather than thrown where the site creates the kit.
   */
  walletFrameUrlRefused: { given: string; reason: string } | undefined
  restrictedTimezones: readonly string[]
  debug: boolean
}
