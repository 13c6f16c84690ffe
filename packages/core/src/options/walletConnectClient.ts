// The shape of WalletConnect's client, which a site hands over in its options (`walletConnect()`
// of `@latch/core/walletconnect`): written here, with the options, so they name nothing above
// them; the EVM family's WalletConnect code reads the same types.
/** One namespace a WalletConnect session holds: its accounts (CAIP-10) and what it allows. */
export type WalletConnectSessionNamespace = {
  accounts: string[]
  chains?: string[]
  methods: string[]
  events: string[]
}

/** One namespace a pairing asks a wallet for; every one optional, as WalletConnect recommends. */
export type WalletConnectProposalNamespace = {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap?: Record<string, string>
}

/**
 * What Latch uses of WalletConnect's UniversalProvider, written out: the kit's types then name no
 * type of `@walletconnect/universal-provider`, which a site installs only to offer WalletConnect
 * (provider.ts checks that the real provider fits this shape).
 */
export type WalletConnectProvider = {
  session?:
    | {
        namespaces: Record<string, WalletConnectSessionNamespace>
        peer: { metadata: { name: string; icons?: string[] } }
      }
    | undefined
  on(event: string, listener: (...args: never[]) => void): unknown
  off(event: string, listener: (...args: never[]) => void): unknown
  request<Result = unknown>(
    call: { method: string; params?: unknown },
    chain?: string,
  ): Promise<Result>
  connect(options: {
    optionalNamespaces: Record<string, WalletConnectProposalNamespace>
  }): Promise<unknown>
  disconnect(): Promise<void>
  client: {
    proposal: { getAll(): { id: number; pairingTopic: string }[] }
    core: { expirer: { set(key: number, expiry: number): void } }
  }
}

/** The options WalletConnect's client starts with. */
export type WalletConnectProviderOptions = {
  projectId: string
  relayUrl: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** Keeps two Latch instances (or two sites on one origin) from sharing a session store. */
  storagePrefix: string
}

/** Starts WalletConnect's client (a chunk of its own) and restores the session it stored. */
export type StartWalletConnect = (
  options: WalletConnectProviderOptions,
) => Promise<WalletConnectProvider>

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
