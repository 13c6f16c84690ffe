import type { WalletConnectProvider } from './provider.ts'

/** What the wallet says about itself in the session (name and icon shown in the Account view). */
export type WalletConnectPeer = { name: string; icon?: string }

export type WalletConnectConnectorOptions = {
  /** Loads and starts the provider (a separate chunk); called once, on first need. */
  load(): Promise<WalletConnectProvider>
  /** JSON-RPC URL per chain id for the calls the wallet does not answer (reads, gas, ...). */
  rpcUrl(chainId: number): string
  /** Whether a session was stored by an earlier visit: only then is the provider loaded at start. */
  hasStoredSession(): boolean
  setStoredSession(stored: boolean): void
  /** The site's Solana networks (CAIP-2): the proposal asks for the solana namespace too. */
  solanaChains?: readonly string[]
  /** The site's Polkadot networks (CAIP-2): the proposal asks for the polkadot namespace too. */
  polkadotChains?: readonly string[]
}

/** The Solana account a session approved, with the chains and methods approved for it. */
export type WalletConnectSolanaAccount = {
  address: string
  chains: readonly string[]
  methods: readonly string[]
}

export type WalletConnectConnectorProperties = {
  /** Pairs a new session: `onUri` gets the wc: URI; resolves once the wallet approved. */
  pair(onUri: (uri: string) => void): Promise<void>
  /** The connected wallet's own name and icon, once a session exists. */
  peer(): WalletConnectPeer | undefined
  /** Ends the pairings still waiting for a wallet (the visitor left): their pair() fails quietly. */
  abandon(): void
  /** The session's Solana account, when the wallet approved the solana namespace. */
  solanaAccount(): WalletConnectSolanaAccount | undefined
  /** The session's Polkadot account, when the wallet approved the polkadot namespace. */
  polkadotAccount(): WalletConnectSolanaAccount | undefined
  /** The namespaces the session holds accounts in (`eip155`, `solana`, `polkadot`); none without a session. */
  namespaces(): readonly string[]
  /**
   * Calls `listener` whenever the session's Solana account may have changed (a session approved,
   * restored, updated or ended, another account told by the wallet); returns the unsubscribe.
   */
  onSolanaAccountChange(listener: () => void): () => void
  /** As onSolanaAccountChange, for the session's Polkadot account. */
  onPolkadotAccountChange(listener: () => void): () => void
  /** Ends the session with the wallet (for a session no EVM connection holds: Solana alone). */
  endSession(): Promise<void>
  /** Sends a call of another namespace (solana_*, polkadot_*) to the wallet on `chain` (CAIP-2). */
  request(call: { method: string; params: unknown }, chain: string): Promise<unknown>
}
