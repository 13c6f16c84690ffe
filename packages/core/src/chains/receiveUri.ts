import type { ChainNamespace } from '../options/types.ts'

/**
 * What the Receive view's QR code holds for an account: Solana wallets scan a `solana:` URI
 * (the Solana Pay form, which they all read); EVM wallets scan the plain address.
 */
export function receiveUri(account: { namespace: ChainNamespace; address: string }): string {
  return account.namespace === 'solana' ? `solana:${account.address}` : account.address
}
