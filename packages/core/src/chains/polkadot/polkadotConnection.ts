import type { CaipNetworkId } from '@latch/protocol'
import { toSs58Prefix } from '@latch/protocol/polkadot'
import { LatchError, UserRejectedError } from '../../errors.ts'
import { type LatchStorage, STORAGE_KEYS } from '../../storage/index.ts'
import type { SiteNetworks } from '../walletSession/siteNetworks.ts'
import type { WalletFamily } from '../walletSession/walletFamily.ts'
import {
  type FoundExtension,
  type InjectedAccount,
  type InjectedExtension,
  isDeclined,
} from './injected.ts'

/** A connected extension: the accounts it lists, the one in use, and the network it is used on. */
export type PolkadotSession = {
  wallet: FoundExtension
  injected: InjectedExtension
  /** The accounts as the extension lists them (their addresses in its own prefix). */
  listed: InjectedAccount[]
  /** The active account's address as the extension lists it. */
  active: string
  caipNetworkId: CaipNetworkId
}

/** What an enabled extension hands back: its interface and the accounts it shares. */
export type EnabledExtension = { injected: InjectedExtension; listed: InjectedAccount[] }

/** A refusal in the extension as the kit's UserRejectedError, anything else as it is. */
export function rethrow(error: unknown): never {
  if (isDeclined(error)) throw new UserRejectedError('User rejected the request', { cause: error })
  throw error
}

/** The prefix a network writes its addresses with; 42 (generic Substrate) when it names none. */
export const prefixOf = (networks: SiteNetworks, caipNetworkId: CaipNetworkId) =>
  networks.configured(caipNetworkId)?.ss58Prefix ?? 42

/** The accounts the kit can use (SS58 ones, not an extension's Ethereum accounts), in `prefix`. */
export const usable = (listed: readonly InjectedAccount[], prefix: number) =>
  listed.flatMap((account) => {
    if (account.type === 'ethereum') return []
    const address = toSs58Prefix(account.address, prefix)
    return address ? [{ address, name: account.name ?? '', listed: account.address }] : []
  })

/**
 * How a Polkadot extension connects: `enable(appName)` (extensions have no silent mode: a reload
 * enables it again), its named accounts in the network's prefix (the first active unless the
 * visitor picked another, kept over a reload), followed through `accounts.subscribe`. Extensions
 * have no call to end a site's access: a disconnect forgets the session.
 */
export function polkadotConnection(
  networks: SiteNetworks,
  storage: LatchStorage,
  appName: string,
): Pick<
  WalletFamily<FoundExtension, PolkadotSession, EnabledExtension>,
  | 'ask'
  | 'sessionOf'
  | 'sharedNothing'
  | 'present'
  | 'presentLinked'
  | 'linkedUnserved'
  | 'follow'
  | 'choice'
> {
  return {
    async ask(extension) {
      try {
        const injected = await extension.provider.enable(appName)
        return { injected, listed: await injected.accounts.get() }
      } catch (error) {
        rethrow(error)
      }
    },
    sessionOf(wallet, { injected, listed }, asked) {
      const network = networks.configured(asked) ?? networks.lastUsed() ?? networks.first
      const [first, ...others] = usable(listed, 42)
      if (!first) return undefined
      const stored = storage.getItem(STORAGE_KEYS.polkadotAccount)
      const active = [first, ...others].find((account) => account.listed === stored) ?? first
      return {
        wallet,
        injected,
        listed,
        active: active.listed,
        caipNetworkId: network.caipNetworkId,
      }
    },
    sharedNothing: (extension) =>
      new LatchError(`${extension.name} shared no Polkadot account`, {
        details: 'Allow the site at least one account in the extension, then connect again.',
      }),
    present({ listed, active, caipNetworkId }) {
      const accounts = usable(listed, prefixOf(networks, caipNetworkId))
      const current = accounts.find((account) => account.listed === active) ?? accounts[0]
      return {
        address: current?.address,
        accounts: accounts.map(({ address, name }) => ({ address, purpose: 'eoa', name })),
      }
    },
    presentLinked({ linked, caipNetworkId }) {
      const address =
        toSs58Prefix(linked.address, prefixOf(networks, caipNetworkId)) ?? linked.address
      return { address, accounts: [{ address, purpose: 'eoa' }] }
    },
    linkedUnserved: (linked, caipNetworkId) =>
      new LatchError(`${linked.wallet.name} has no ${caipNetworkId}`),
    // Follows the extension's accounts: others shown, or none (the site's access was revoked).
    follow({ injected }, followed) {
      const stop = injected.accounts.subscribe?.((listed) => {
        const current = followed.current()
        if (!current) return
        const [first, ...others] = usable(listed, 42)
        if (!first) return followed.end()
        const kept = [first, ...others].some((account) => account.listed === current.active)
        followed.update({ ...current, listed, active: kept ? current.active : first.listed })
      })
      return typeof stop === 'function' ? stop : undefined
    },
    choice: {
      key: STORAGE_KEYS.polkadotAccount,
      remember: ({ active }) => storage.setItem(STORAGE_KEYS.polkadotAccount, active),
    },
  }
}
