import type { WalletSummary } from '../router/types.ts'
import type { CaipNetwork, ChainNamespace } from '../siteTypes.ts'

/** Connection status; 'reconnecting' is the library-level state while a session is restored. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

/** The deep link chosen to reach a wallet app; stored so the next visit offers it again. */
export type WalletLinking = { name: string; href: string }

/** An account a connection exposes: namespace, address, EOA or smart account, key and path. */
export type ConnectedAccount = {
  address: string
  type?: 'eoa' | 'smartAccount'
  publicKey?: string
  path?: string
}

/** One live wallet connection in a namespace. */
export type Connection = {
  connectorId: string
  namespace: ChainNamespace
  accounts: readonly ConnectedAccount[]
  caipNetwork?: CaipNetwork
}

/** Connection state (connections, pairing URI and expiry, linking, status) and recent wallets. */
export type ConnectionState = {
  status: ConnectionStatus
  connections: readonly Connection[]
  /** The WalletConnect pairing URI shown as a QR code or deep link. */
  wcUri?: string
  /** When `wcUri` expires, in ms since the epoch. */
  wcPairingExpiry?: number
  wcLinking?: WalletLinking
  /** The wallet being connected, or last connected. */
  recentWallet?: WalletSummary
  wcError: boolean
  buffering: boolean
  /** At most RECENT_WALLETS_MAX, most recent first. */
  recentWallets: readonly WalletSummary[]
}
