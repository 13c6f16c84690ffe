import type { ChainNamespace } from '../siteTypes.ts'

/**
 * What the Receive view's QR code holds for an account: Solana wallets scan a `solana:` URI
 * (the Solana Pay form, which they all read), Bitcoin wallets a BIP-21 `bitcoin:` URI; EVM
 * and Polkadot wallets scan the plain address (an SS58 address already names its network).
 */
export function receiveUri(account: { namespace: ChainNamespace; address: string }): string {
  if (account.namespace === 'solana') return `solana:${account.address}`
  if (account.namespace === 'bip122') return `bitcoin:${account.address}`
  return account.address
}
