import type { ReadableStore } from '../store.ts'

/** A wallet the visitor can pick: an EIP-6963 announcement, the legacy injected provider, ... */
export type WalletOption = {
  /** The connector id: the rdns for an EIP-6963 wallet, `injected` for window.ethereum. */
  id: string
  name: string
  icon: string | undefined
  rdns: string | undefined
  kind: 'announced' | 'injected' | 'walletConnect'
}

export type AdapterConnection =
  | { status: 'disconnected' }
  | { status: 'connecting' | 'reconnecting'; wallet: WalletOption | undefined }
  | { status: 'connected'; address: string; chainId: number; wallet: WalletOption }

/** What the modal asks of a chain family (EVM first; Solana, Bitcoin, Polkadot to follow). */
export interface ChainAdapter {
  readonly namespace: 'eip155' | 'solana' | 'bip122' | 'polkadot'
  /** Wallets found in this browser, deduplicated. */
  readonly wallets: ReadableStore<WalletOption[]>
  readonly connection: ReadableStore<AdapterConnection>
  connect(walletId: string, options?: { chainId?: number }): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(chainId: number): Promise<void>
  /** Restores the last session at start-up (status `reconnecting` meanwhile). */
  reconnect(): Promise<void>
  getBalance(
    address: string,
    chainId: number,
  ): Promise<{ value: bigint; decimals: number; symbol: string }>
}
