import type { Wallet, WalletAccount } from '@wallet-standard/base'

// The few Wallet Standard features the kit calls, typed here so the page needs no feature packages.

export type ConnectFeature = {
  'standard:connect': {
    connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
  }
}
export type DisconnectFeature = { 'standard:disconnect': { disconnect(): Promise<void> } }
export type EventsFeature = {
  'standard:events': {
    on(
      event: 'change',
      listener: (properties: { accounts?: readonly WalletAccount[]; chains?: unknown }) => void,
    ): () => void
  }
}
export type SignMessageFeature = {
  'solana:signMessage': {
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}
export type SignTransactionFeature = {
  'solana:signTransaction': {
    signTransaction(
      ...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]
    ): Promise<readonly { signedTransaction: Uint8Array }[]>
  }
}
export type SignAndSendTransactionFeature = {
  'solana:signAndSendTransaction': {
    signAndSendTransaction(
      ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string }[]
    ): Promise<readonly { signature: Uint8Array }[]>
  }
}

/** The feature `name` of `wallet`, typed, or undefined when the wallet does not offer it. */
export function featureOf<Features extends Record<string, unknown>, Name extends keyof Features>(
  wallet: Wallet,
  name: Name & string,
): Features[Name] | undefined {
  return (wallet.features as Partial<Features>)[name]
}

/** A wallet the kit can use for Solana: it has a solana: chain and can connect. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    'standard:connect' in wallet.features
  )
}

/** The Wallet Standard cluster names of the public networks, which many wallets announce. */
const CLUSTERS: Readonly<Record<string, string>> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * How `wallet` names the network `caipNetworkId`: its CAIP-2 id when the wallet lists it, else the
 * cluster name (`solana:localnet` for a network that is none of the public three), or undefined
 * when the wallet lists neither.
 */
export function walletChainOf(
  chains: readonly string[],
  caipNetworkId: string,
): string | undefined {
  if (chains.includes(caipNetworkId)) return caipNetworkId
  const cluster = CLUSTERS[caipNetworkId] ?? 'solana:localnet'
  return chains.includes(cluster) ? cluster : undefined
}
