import type { Wallet, WalletAccount } from '@wallet-standard/base'

// The Bitcoin Wallet Standard features the kit calls (the Bitcoin extension of the Wallet
// Standard), typed here so the page needs no feature packages.

/** What an address is for, as Bitcoin wallets name it: paying, or holding inscriptions. */
export type AddressPurpose = 'payment' | 'ordinals'

export type BitcoinConnectFeature = {
  'bitcoin:connect': {
    connect(input: { purposes: AddressPurpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
  }
}
/** Multichain wallets offer the standard connect too, which can ask nothing (after a reload). */
export type StandardConnectFeature = {
  'standard:connect': {
    connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
  }
}
export type StandardDisconnectFeature = { 'standard:disconnect': { disconnect(): Promise<void> } }
export type StandardEventsFeature = {
  'standard:events': {
    on(
      event: 'change',
      listener: (properties: { accounts?: readonly WalletAccount[] }) => void,
    ): () => void
  }
}
export type BitcoinSignMessageFeature = {
  'bitcoin:signMessage': {
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}
export type BitcoinSignTransactionFeature = {
  'bitcoin:signTransaction': {
    signTransaction(
      ...inputs: {
        psbt: Uint8Array
        chain: string
        inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
      }[]
    ): Promise<readonly { signedPsbt: Uint8Array }[]>
  }
}

/** The feature `name` of `wallet`, typed, or undefined when the wallet does not offer it. */
export function featureOf<Features extends Record<string, unknown>, Name extends keyof Features>(
  wallet: Wallet,
  name: Name & string,
): Features[Name] | undefined {
  return (wallet.features as Partial<Features>)[name]
}

/** A Wallet Standard wallet the kit can use for Bitcoin: a bitcoin: chain and `bitcoin:connect`. */
export function isBitcoinStandardWallet(wallet: Wallet): boolean {
  return (
    wallet.chains.some((chain) => chain.startsWith('bitcoin:')) &&
    'bitcoin:connect' in wallet.features
  )
}
