import type { CaipNetworkId } from '@latch/protocol'
import { decodeBitcoinAddress } from '@latch/protocol/bitcoin'
import {
  BITCOIN_MAINNET,
  BITCOIN_REGTEST,
  BITCOIN_TESTNET,
  type BitcoinNetworkKind,
  bitcoinNetworkKind,
} from '@latch/protocol/bitcoin-networks'
import { ChainNotSupportedError, LatchError } from '../../errors.ts'
import { type LatchStorage, STORAGE_KEYS } from '../../storage/index.ts'
import type { SiteNetworks } from '../walletSession/siteNetworks.ts'
import type { WalletFamily } from '../walletSession/walletFamily.ts'
import type { AddressPurpose, BitcoinAccount, BitcoinWallet } from './bitcoinWallet.ts'

/** A connected Bitcoin wallet: the addresses it shares, and the one in use. */
export type BitcoinSession = {
  wallet: BitcoinWallet
  accounts: BitcoinAccount[]
  /** The active address: the payment one unless the visitor picked another. */
  active: string
  caipNetworkId: CaipNetworkId
}

type StoredAccounts = { accounts: { address: string; purpose: AddressPurpose }[]; active: string }
const isStoredAccounts = (value: unknown): value is StoredAccounts => {
  const stored = value as Partial<StoredAccounts> | null
  return (
    typeof stored?.active === 'string' &&
    Array.isArray(stored.accounts) &&
    stored.accounts.every(
      (entry) => typeof entry?.address === 'string' && typeof entry.purpose === 'string',
    )
  )
}

/** Each address kind's public network, for a wallet on a network the site does not offer. */
const NETWORK_OF_KIND: Record<BitcoinNetworkKind, CaipNetworkId> = {
  mainnet: BITCOIN_MAINNET,
  testnet: BITCOIN_TESTNET,
  regtest: BITCOIN_REGTEST,
}

export const paymentOf = (accounts: readonly BitcoinAccount[]) =>
  accounts.find((account) => account.purpose === 'payment') ?? accounts[0]
const kindOf = (address: string) => decodeBitcoinAddress(address)?.networks[0]

/**
 * The network of the wallet's addresses: the one asked for, else the last one used, else the
 * site's first of that kind; a kind the site has no network for is its public network, which the
 * kit then shows as unsupported.
 */
function pickNetwork(
  networks: SiteNetworks,
  accounts: readonly BitcoinAccount[],
  asked: CaipNetworkId | undefined,
) {
  const payment = paymentOf(accounts)
  const kind = payment && kindOf(payment.address)
  if (!kind) return networks.first.caipNetworkId
  const candidates = [networks.configured(asked), networks.lastUsed(), ...networks.all]
  const usable = candidates.find(
    (network) => network && bitcoinNetworkKind(network.caipNetworkId) === kind,
  )
  return usable?.caipNetworkId ?? NETWORK_OF_KIND[kind]
}

/**
 * How a Bitcoin wallet connects: its payment and ordinals addresses with their purposes (the
 * payment one active unless the visitor picked another, kept over a reload), on the network
 * their encoding tells, followed as the wallet changes them.
 */
export function bitcoinConnection(
  networks: SiteNetworks,
  storage: LatchStorage,
): Pick<
  WalletFamily<BitcoinWallet, BitcoinSession, BitcoinAccount[]>,
  'ask' | 'sessionOf' | 'follow' | 'release' | 'checkNetwork' | 'choice' | 'present'
> {
  const storedAccounts = () => storage.getJson(STORAGE_KEYS.bitcoinAccounts, isStoredAccounts)
  /** The purposes the wallet gave before, for wallets that do not repeat them. */
  const knownPurposes = (session: BitcoinSession | undefined) =>
    new Map(
      (session?.accounts ?? storedAccounts()?.accounts ?? []).map(
        (account) => [account.address, account.purpose] as const,
      ),
    )

  return {
    ask: (wallet, { silent }) =>
      wallet.connect(silent ? { silent, known: knownPurposes(undefined) } : { silent }),
    sessionOf(wallet, accounts, asked) {
      const payment = paymentOf(accounts)
      if (!payment) return undefined
      const stored = storedAccounts()?.active
      const active = accounts.some((account) => account.address === stored)
        ? (stored as string)
        : payment.address
      return { wallet, accounts, active, caipNetworkId: pickNetwork(networks, accounts, asked) }
    },
    present: ({ accounts, active }) => ({
      address: active,
      accounts: accounts.map(({ address, purpose }) => ({ address, purpose })),
    }),
    // Follows the wallet: other addresses shown, or none (the site's access was revoked).
    follow({ wallet }, followed) {
      const apply = (accounts: BitcoinAccount[]) => {
        const current = followed.current()
        if (!current) return
        if (accounts.length === 0) return followed.end()
        const kept = accounts.some((account) => account.address === current.active)
        followed.update({
          ...current,
          accounts,
          active: kept ? current.active : (paymentOf(accounts) as BitcoinAccount).address,
          caipNetworkId: pickNetwork(networks, accounts, current.caipNetworkId),
        })
      }
      return wallet.onChange((accounts) => {
        const current = followed.current()
        if (!current) return
        if (accounts !== undefined) return apply(accounts)
        void wallet
          .connect({ silent: true, known: knownPurposes(current) })
          .then(apply, () => undefined)
      })
    },
    release: (wallet) => wallet.disconnect(),
    checkNetwork({ wallet, accounts }, caipNetworkId) {
      const payment = paymentOf(accounts)
      // The addresses are of one network: another needs the wallet itself to switch.
      if (payment && kindOf(payment.address) !== bitcoinNetworkKind(caipNetworkId))
        throw new ChainNotSupportedError({
          details: `${wallet.name}'s addresses are not of ${caipNetworkId}: switch networks in the wallet`,
        })
    },
    choice: {
      key: STORAGE_KEYS.bitcoinAccounts,
      remember: ({ accounts, active }) =>
        storage.setJson(STORAGE_KEYS.bitcoinAccounts, {
          accounts: accounts.map(({ address, purpose }) => ({ address, purpose })),
          active,
        } satisfies StoredAccounts),
    },
  }
}

/** Why a Bitcoin wallet that shared no address did not connect. */
export const sharedNoAddress = (wallet: BitcoinWallet) =>
  new LatchError(`${wallet.name} shared no Bitcoin address`)
