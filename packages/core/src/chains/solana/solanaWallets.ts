import type { CaipNetworkId } from '@latch/protocol'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { LatchError } from '../../errors.ts'
import type { WalletOption } from '../types.ts'
import type { SiteNetworks } from '../walletSession/siteNetworks.ts'
import type { WalletFamily } from '../walletSession/walletFamily.ts'
import { chainsOf, rethrowRejection, type SolanaSession } from './walletSigner.ts'
import {
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  featureOf,
  walletChainOf,
} from './walletStandard.ts'

/** The Solana adapter's wallet ids: Wallet Standard wallets have a name and no other id. */
export const solanaWalletId = (wallet: Pick<Wallet, 'name'>) => `wallet-standard:${wallet.name}`

export const toWalletOption = (wallet: Wallet): WalletOption => ({
  id: solanaWalletId(wallet),
  name: wallet.name,
  icon: wallet.icon,
  rdns: undefined,
  kind: 'announced',
})

/** The network to use: the one asked for, the last one used, else the first the wallet has. */
function pickNetwork(
  networks: SiteNetworks,
  chains: readonly string[],
  asked: CaipNetworkId | undefined,
): CaipNetworkId {
  const candidates = [networks.configured(asked), networks.lastUsed()]
  const usable = candidates.find(
    (network) => network && walletChainOf(chains, network.caipNetworkId),
  )
  return (
    usable ??
    networks.all.find((network) => walletChainOf(chains, network.caipNetworkId)) ??
    networks.first
  ).caipNetworkId
}

/**
 * How a Wallet Standard wallet connects for Solana: standard:connect (silently after a reload),
 * its Solana account (else its first), followed through standard:events, ended with
 * standard:disconnect where the wallet has it.
 */
export const solanaWalletConnection = (
  networks: SiteNetworks,
): Pick<
  WalletFamily<Wallet, SolanaSession, readonly WalletAccount[]>,
  'ask' | 'sessionOf' | 'follow' | 'release'
> => ({
  async ask(wallet, { silent }) {
    const connect = featureOf<ConnectFeature, 'standard:connect'>(wallet, 'standard:connect')
    if (!connect) throw new LatchError(`${wallet.name} cannot connect`)
    const { accounts } = await connect
      .connect(silent ? { silent: true } : undefined)
      .catch(rethrowRejection)
    return accounts
  },
  sessionOf(wallet, accounts, asked) {
    const account =
      accounts.find((candidate) => candidate.chains.some((c) => c.startsWith('solana:'))) ??
      accounts[0]
    if (!account) return undefined
    const caipNetworkId = pickNetwork(networks, chainsOf(wallet, account), asked)
    return { wallet, account, caipNetworkId }
  },
  // Follows the wallet: another account shown, or none (the site's access was revoked).
  follow: ({ wallet }, followed) =>
    featureOf<EventsFeature, 'standard:events'>(wallet, 'standard:events')?.on(
      'change',
      ({ accounts }) => {
        const current = followed.current()
        if (!current || accounts === undefined) return
        const [account] = accounts
        if (!account) return followed.end()
        if (account.address !== current.account.address) followed.update({ ...current, account })
      },
    ),
  async release(wallet) {
    const disconnect = featureOf<DisconnectFeature, 'standard:disconnect'>(
      wallet,
      'standard:disconnect',
    )
    await disconnect?.disconnect().catch(() => undefined)
  },
})
