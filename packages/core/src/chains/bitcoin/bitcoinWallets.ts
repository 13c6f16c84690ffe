import type { Wallet } from '@wallet-standard/base'
import type { WalletOption } from '../types.ts'
import type { WalletRegistry } from '../walletRegistry.ts'
import type { BitcoinWallet } from './bitcoinWallet.ts'
import {
  fromSatsConnect,
  providerAt,
  type SatsConnectProviderInfo,
  satsConnectProviders,
} from './satsConnectWallet.ts'
import { fromStandardWallet } from './standardWallet.ts'
import { isBitcoinStandardWallet } from './walletStandard.ts'

export const toWalletOption = (wallet: BitcoinWallet): WalletOption => ({
  id: wallet.id,
  name: wallet.name,
  icon: wallet.icon,
  rdns: undefined,
  kind: 'announced',
})

const sameName = (name: string) => name.trim().toLowerCase()

/**
 * The Bitcoin wallets in the page: Bitcoin Wallet Standard wallets, then sats-connect providers
 * in `scope`, a wallet speaking both listed once (its Wallet Standard). One wrapper per wallet, so
 * what it learnt of its accounts lasts across lookups.
 */
export function bitcoinWallets(
  registry: Pick<WalletRegistry, 'get'>,
  scope: object | undefined,
): () => BitcoinWallet[] {
  const standardWrappers = new WeakMap<Wallet, BitcoinWallet>()
  const satsWrappers = new Map<string, BitcoinWallet>()
  const satsWallet = (info: SatsConnectProviderInfo) => {
    const known = satsWrappers.get(info.id)
    if (known) return known
    const provider = scope && providerAt(scope, info.id)
    if (!provider) return undefined
    const wallet = fromSatsConnect(info, provider)
    satsWrappers.set(info.id, wallet)
    return wallet
  }
  return () => {
    const standard = registry
      .get()
      .filter(isBitcoinStandardWallet)
      .map((wallet) => {
        const known = standardWrappers.get(wallet) ?? fromStandardWallet(wallet)
        standardWrappers.set(wallet, known)
        return known
      })
    const names = new Set(standard.map((wallet) => sameName(wallet.name)))
    const sats = (scope ? satsConnectProviders(scope) : [])
      .filter((info) => !names.has(sameName(info.name)))
      .flatMap((info) => satsWallet(info) ?? [])
    return [...standard, ...sats]
  }
}
