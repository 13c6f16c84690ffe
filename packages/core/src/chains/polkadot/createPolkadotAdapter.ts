import type { CaipNetworkId } from '@latch/protocol'
import { toSs58Prefix } from '@latch/protocol/polkadot'
import { LatchError } from '../../errors.ts'
import { type LatchStorage, STORAGE_KEYS } from '../../storage/index.ts'
import { createStore, selectStore } from '../../store.ts'
import { UserRejectedError } from '../errors.ts'
import { type LinkedSession, relinkedSession } from '../linkedSession.ts'
import { nativeBalance } from '../nativeBalance.ts'
import type { CaipNetwork } from '../network.ts'
import type { ChainAdapter, ChainConnection, FamilyAccount, WalletOption } from '../types.ts'
import {
  type FoundExtension,
  findExtensions,
  type InjectedAccount,
  type InjectedExtension,
  isDeclined,
} from './injected.ts'
import { polkadotTransferPreparation } from './prepareTransfer.ts'
import type { PolkadotServer } from './server.ts'

export type PolkadotAdapterDeps = {
  /** The site's Polkadot networks, in its order (at least one). */
  networks: readonly CaipNetwork[]
  /** Where extensions put `injectedWeb3`: the page's `window`; none on a server. */
  scope: object | undefined
  storage: LatchStorage
  /** The name the extension shows the visitor when the site asks for access. */
  appName: string
  /** A catalogue wallet's icon, by its slug. */
  iconOf(slug: string): string | undefined
  server: PolkadotServer
  /** How long a reload waits for the last extension to inject itself before giving up on it. */
  reconnectWaitMs?: number
  /** How the wait for inclusion polls; blocks come every 6 s on Polkadot, at once on a devnet. */
  confirmation?: { pollMs?: number; timeoutMs?: number }
}

/** An account the extension shared, its address in the network's SS58 prefix. */
type Account = { address: string; name: string }

type Session = {
  extension: FoundExtension
  injected: InjectedExtension
  /** The accounts as the extension lists them (their addresses in its own prefix). */
  listed: InjectedAccount[]
  /** The active account's address as the extension lists it. */
  active: string
  caipNetworkId: CaipNetworkId
}

/** An account another family's wallet session holds (a WalletConnect session's polkadot namespace). */

const hexOf = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** A refusal in the extension as the kit's UserRejectedError, anything else as it is. */
function rethrow(error: unknown): never {
  if (isDeclined(error)) throw new UserRejectedError('User rejected the request', { cause: error })
  throw error
}

/**
 * The Polkadot family: extensions found in `window.injectedWeb3` (polkadot{.js}, Talisman,
 * SubWallet, Nova Wallet), their named accounts shown in the network's SS58 prefix (the first
 * active unless the visitor picks another), balances, transfers and their status through the
 * server, which builds the signing payload and submits the extrinsic the extension signed.
 */
export function createPolkadotAdapter(deps: PolkadotAdapterDeps): ChainAdapter {
  const { storage } = deps
  const [firstNetwork] = deps.networks
  if (!firstNetwork) throw new LatchError('Latch needs at least one Polkadot network')
  const walletKey = STORAGE_KEYS.connectedConnectorId('polkadot')
  const networkKey = STORAGE_KEYS.activeNetworkId('polkadot')

  const toOption = (extension: FoundExtension): WalletOption => ({
    id: extension.id,
    name: extension.name,
    icon: extension.slug ? deps.iconOf(extension.slug) : undefined,
    rdns: undefined,
    kind: 'announced',
  })
  const discover = () => findExtensions(deps.scope)
  const wallets = createStore({ list: discover().map(toOption) })
  const refreshWallets = () => {
    const list = discover().map(toOption)
    const listed = wallets.get().list
    const same =
      list.length === listed.length && list.every((option, i) => option.id === listed[i]?.id)
    if (!same) wallets.set({ list })
  }
  // Extensions inject at document start, some a moment later: look again once the page loaded.
  const events = deps.scope as Partial<Pick<Window, 'addEventListener'>> | undefined
  events?.addEventListener?.('load', refreshWallets)

  const connection = createStore<{ current: ChainConnection }>({
    current: { status: 'disconnected' },
  })
  const accountList = createStore<{ list: FamilyAccount[] }>({ list: [] })
  let session: Session | undefined
  let linkedSession: LinkedSession | undefined
  let stopFollowing: (() => void) | undefined

  const configured = (caipNetworkId: string | null | undefined) =>
    deps.networks.find((network) => network.caipNetworkId === caipNetworkId)
  const prefixOf = (caipNetworkId: CaipNetworkId) => configured(caipNetworkId)?.ss58Prefix ?? 42
  /** The accounts the kit can use (SS58 ones, not an extension's Ethereum accounts), in `prefix`. */
  const usable = (
    listed: readonly InjectedAccount[],
    prefix: number,
  ): (Account & { listed: string })[] =>
    listed.flatMap((account) => {
      if (account.type === 'ethereum') return []
      const address = toSs58Prefix(account.address, prefix)
      return address ? [{ address, name: account.name ?? '', listed: account.address }] : []
    })

  const publish = () => {
    if (!session && linkedSession) {
      const { linked, caipNetworkId } = linkedSession
      const address = toSs58Prefix(linked.address, prefixOf(caipNetworkId)) ?? linked.address
      accountList.set({ list: [{ address, purpose: 'eoa' }] })
      connection.set({
        current: {
          status: 'connected',
          address,
          caipNetworkId,
          caipAddress: `${caipNetworkId}:${address}`,
          wallet: linked.wallet,
        },
      })
      return
    }
    if (!session) {
      connection.set({ current: { status: 'disconnected' } })
      accountList.set({ list: [] })
      return
    }
    const { extension, listed, active, caipNetworkId } = session
    const accounts = usable(listed, prefixOf(caipNetworkId))
    const current = accounts.find((account) => account.listed === active) ?? accounts[0]
    accountList.set({
      list: accounts.map(({ address, name }) => ({ address, purpose: 'eoa', name })),
    })
    if (!current) return
    connection.set({
      current: {
        status: 'connected',
        address: current.address,
        caipNetworkId,
        caipAddress: `${caipNetworkId}:${current.address}`,
        wallet: toOption(extension),
      },
    })
  }

  const end = () => {
    stopFollowing?.()
    stopFollowing = undefined
    session = undefined
    storage.removeItem(walletKey)
    storage.removeItem(STORAGE_KEYS.polkadotAccount)
    publish()
  }

  /** Takes the extension's accounts; false when it shared none the kit can use. */
  const open = (
    extension: FoundExtension,
    injected: InjectedExtension,
    listed: InjectedAccount[],
    asked?: CaipNetworkId,
  ) => {
    const caipNetworkId = (
      configured(asked) ??
      configured(storage.getItem(networkKey)) ??
      firstNetwork
    ).caipNetworkId
    const accounts = usable(listed, 42)
    const [first] = accounts
    if (!first) return false
    const stored = storage.getItem(STORAGE_KEYS.polkadotAccount)
    const active = accounts.find((account) => account.listed === stored)?.listed ?? first.listed
    stopFollowing?.()
    session = { extension, injected, listed, active, caipNetworkId }
    stopFollowing = follow(extension, injected)
    storage.setItem(walletKey, extension.id)
    storage.setItem(STORAGE_KEYS.polkadotAccount, active)
    publish()
    return true
  }

  /** Follows the extension's accounts: others shown, or none (the site's access was revoked). */
  const follow = (extension: FoundExtension, injected: InjectedExtension) => {
    const stop = injected.accounts.subscribe?.((listed) => {
      if (session?.extension.id !== extension.id) return
      const accounts = usable(listed, 42)
      if (accounts.length === 0) return end()
      const kept = accounts.some((account) => account.listed === session?.active)
      session = {
        ...session,
        listed,
        active: kept ? session.active : (accounts[0]?.listed as string),
      }
      storage.setItem(STORAGE_KEYS.polkadotAccount, session.active)
      publish()
    })
    return typeof stop === 'function' ? stop : undefined
  }

  const findExtension = (id: string) => discover().find((extension) => extension.id === id)

  /** The stored extension, waiting a moment for it to inject itself while the page loads. */
  const waitForExtension = async (id: string) => {
    const until = Date.now() + (deps.reconnectWaitMs ?? 1000)
    for (;;) {
      const found = findExtension(id)
      if (found || Date.now() >= until) return found
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  const connected = (): Session => {
    if (!session) throw new LatchError('No wallet is connected')
    return session
  }
  /** The linked account, when no extension's session is open. */
  const linkedOnly = () => (session ? undefined : linkedSession)
  /** The active account's address in its network's prefix, and that network. */
  const sender = (): { address: string; caipNetworkId: CaipNetworkId } => {
    const linked = linkedOnly()
    if (linked) {
      const { caipNetworkId } = linked
      const address = toSs58Prefix(linked.linked.address, prefixOf(caipNetworkId))
      if (!address) throw new LatchError(`${linked.linked.address} is not a Polkadot address`)
      return { address, caipNetworkId }
    }
    const current = connected()
    return {
      address: toSs58Prefix(current.active, prefixOf(current.caipNetworkId)) as string,
      caipNetworkId: current.caipNetworkId,
    }
  }
  const activeAddress = () => sender().address

  const linkedCode = () => import('./linkedSigner.ts')

  const enable = async (extension: FoundExtension) => {
    try {
      const injected = await extension.provider.enable(deps.appName)
      return { injected, listed: await injected.accounts.get() }
    } catch (error) {
      rethrow(error)
    }
  }

  const buildTransfer = async (transfer: { to: string; amount: bigint; token?: string }) => {
    const current = sender()
    if (transfer.token) throw new LatchError('A Polkadot wallet sends the native coin only')
    return deps.server.buildTransfer({
      caipNetworkId: current.caipNetworkId,
      from: current.address,
      to: transfer.to,
      amount: transfer.amount,
    })
  }

  return {
    namespace: 'polkadot',
    transferPreparation: polkadotTransferPreparation,
    wallets: selectStore(wallets, (state) => state.list),
    connection: selectStore(connection, (state) => state.current),
    accounts: selectStore(accountList, (state) => state.list),
    async connect(walletId, { caipNetworkId } = {}) {
      refreshWallets()
      const extension = findExtension(walletId)
      if (!extension) throw new LatchError(`Wallet ${walletId} is not available in this browser`)
      connection.set({ current: { status: 'connecting', wallet: toOption(extension) } })
      try {
        // A new connection starts on the extension's first account.
        storage.removeItem(STORAGE_KEYS.polkadotAccount)
        const { injected, listed } = await enable(extension)
        if (!open(extension, injected, listed, caipNetworkId))
          throw new LatchError(`${extension.name} shared no Polkadot account`, {
            details: 'Allow the site at least one account in the extension, then connect again.',
          })
      } catch (error) {
        publish()
        throw error
      }
    },
    async disconnect() {
      // A linked account ends with the session holding it: its own end does that when only this
      // family holds the session, else the family holding it (EVM) ends it.
      const linked = linkedSession?.linked
      linkedSession = undefined
      // Extensions have no call to end a site's access: the kit forgets the session.
      end()
      await linked?.end?.().catch(() => undefined)
    },
    async reconnect() {
      const walletId = storage.getItem(walletKey)
      if (!walletId || session) return
      connection.set({ current: { status: 'reconnecting', wallet: undefined } })
      const extension = await waitForExtension(walletId)
      // An extension gone, or no longer allowing the site: the session ends quietly.
      const enabled = extension ? await enable(extension).catch(() => undefined) : undefined
      if (!extension || !enabled || !open(extension, enabled.injected, enabled.listed)) end()
    },
    async switchNetwork(caipNetworkId) {
      if (!configured(caipNetworkId))
        throw new LatchError(`${caipNetworkId} is not one of the site's networks`)
      const linked = linkedOnly()
      if (linked) {
        if (linked.linked.chains.length > 0 && !linked.linked.chains.includes(caipNetworkId))
          throw new LatchError(`${linked.linked.wallet.name} has no ${caipNetworkId}`)
        linkedSession = { ...linked, caipNetworkId }
        publish()
        return
      }
      // The same keys sign on every Substrate chain: only the addresses' prefix changes.
      session = { ...connected(), caipNetworkId }
      publish()
    },
    selectAccount(address) {
      // A linked account is the only one its session shares: nothing else to pick.
      if (linkedOnly() && address === activeAddress()) return
      const current = connected()
      const account = usable(current.listed, prefixOf(current.caipNetworkId)).find(
        (entry) => entry.address === address,
      )
      if (!account) throw new LatchError(`${current.extension.name} did not share ${address}`)
      session = { ...current, active: account.listed }
      storage.setItem(STORAGE_KEYS.polkadotAccount, account.listed)
      publish()
    },
    getBalance(caipAddress, { force = false } = {}) {
      const network = configured(caipAddress.slice(0, caipAddress.lastIndexOf(':')))
      const coin = network?.nativeCurrency ?? { decimals: 10, symbol: 'DOT' }
      return nativeBalance(deps.server.balance, caipAddress, coin, force)
    },
    async signMessage(message) {
      const linked = linkedOnly()
      if (linked) {
        const { linkedSignMessage } = await linkedCode()
        return linkedSignMessage(linked.linked, linked.caipNetworkId, activeAddress(), message)
      }
      const { injected } = connected()
      const address = activeAddress()
      if (!injected.signer.signRaw)
        throw new LatchError(`${connected().extension.name} cannot sign messages`)
      // Extensions sign raw bytes wrapped in <Bytes>...</Bytes>, which the server's check expects.
      const { signature } = await injected.signer
        .signRaw({ address, data: hexOf(message), type: 'bytes' })
        .catch(rethrow)
      return signature
    },
    async transferFee(transfer) {
      const { fee, existentialDeposit } = await buildTransfer(transfer)
      return { fee, exact: true, existentialDeposit }
    },
    async sendTransfer(transfer) {
      const linked = linkedOnly()
      if (linked) {
        const [{ linkedSignPayload }, { payload }] = await Promise.all([
          linkedCode(),
          buildTransfer(transfer),
        ])
        const signature = await linkedSignPayload(
          linked.linked,
          linked.caipNetworkId,
          payload.address,
          payload,
        )
        const hash = await deps.server.submit({
          caipNetworkId: linked.caipNetworkId,
          payload,
          signature,
        })
        return { id: hash, caipNetworkId: linked.caipNetworkId }
      }
      const current = connected()
      if (!current.injected.signer.signPayload)
        throw new LatchError(`${current.extension.name} cannot sign transactions`)
      const { payload } = await buildTransfer(transfer)
      const { signature } = await current.injected.signer.signPayload(payload).catch(rethrow)
      const hash = await deps.server.submit({
        caipNetworkId: current.caipNetworkId,
        payload,
        signature,
      })
      return { id: hash, caipNetworkId: current.caipNetworkId }
    },
    async waitForTransfer(sent) {
      const { waitForInclusion } = await import('./waitForInclusion.ts')
      return waitForInclusion(deps.server, sent, deps.confirmation)
    },
    async signInMessage(fields) {
      const { polkadotSignInMessage } = await import('./signIn.ts')
      return polkadotSignInMessage(fields)
    },
    link(linked) {
      const next = relinkedSession(linkedSession, linked, {
        preferred: [configured(storage.getItem(networkKey) ?? undefined), ...deps.networks],
        inUse: configured,
        fallback: firstNetwork,
      })
      if (!next && !linkedSession) return
      linkedSession = next
      publish()
    },
  }
}
