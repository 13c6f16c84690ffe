import type { CaipNetworkId } from '@latch/protocol'
import { LatchError } from '../../errors.ts'
import { STORAGE_KEYS } from '../../storage/index.ts'
import { createStore, type ReadableStore, selectStore } from '../../store.ts'
import type { ChainConnection } from '../connection.ts'
import { ChainNotSupportedError } from '../errors.ts'
import { type LinkedSession, relinkedSession } from '../linkedSession.ts'
import type { ChainAdapter, FamilyAccount } from '../types.ts'
import type { PresentedAccount, WalletFamily, WalletSessionBase } from './walletFamily.ts'
import { createWalletList } from './walletList.ts'

/** The wallet connection of a family, with what its own calls (sign, send) read of it. */
export type WalletSession<Session> = {
  /** The ChainAdapter's connection part, the same for every family. */
  adapter: Pick<
    ChainAdapter,
    'wallets' | 'connection' | 'connect' | 'disconnect' | 'reconnect' | 'switchNetwork'
  >
  /** The wallet's accounts, for families whose wallets share several (`ChainAdapter.accounts`). */
  accounts: ReadableStore<FamilyAccount[]>
  /** `ChainAdapter.link`, for families that take an account another family's wallet holds. */
  link(linked: Parameters<NonNullable<ChainAdapter['link']>>[0]): void
  /** Looks for the family's wallets again (one registered, the page loaded). */
  refreshWallets(): void
  /** The wallet's session; throws when no wallet is connected. */
  connected(): Session
  /** The linked account, when no wallet of the family is connected. */
  linkedOnly(): LinkedSession | undefined
  /** Takes a changed session (another account picked): kept for the next visit and shown. */
  update(next: Session): void
}

/**
 * The connection of a chain family's wallets, written once for every family: connect (status
 * `connecting`, then the wallet's answer or a refusal), restore the stored wallet after a reload
 * without asking the visitor (status `reconnecting`; a wallet gone or no longer approving ends it
 * quietly), follow the wallet's account changes, disconnect, and an account another family's
 * wallet holds (shown while no wallet of the family is connected). The family supplies what
 * differs (`WalletFamily`) and imports its own libraries: this module names none.
 */
export function createWalletSession<Wallet, Session extends WalletSessionBase<Wallet>, Answer>(
  family: WalletFamily<Wallet, Session, Answer>,
): WalletSession<Session> {
  const { storage, networks } = family
  const walletKey = STORAGE_KEYS.connectedConnectorId(family.namespace)
  const list = createWalletList(family.discover, family.optionOf)
  const connection = createStore<{ current: ChainConnection }>({
    current: { status: 'disconnected' },
  })
  const accountList = createStore<{ list: FamilyAccount[] }>({ list: [] })
  let session: Session | undefined
  let linkedSession: LinkedSession | undefined
  let stopFollowing: (() => void) | undefined

  const show = (
    presented: PresentedAccount,
    shown: Pick<Extract<ChainConnection, { status: 'connected' }>, 'caipNetworkId' | 'wallet'>,
  ) => {
    accountList.set({ list: presented.accounts ?? [] })
    const { address } = presented
    if (address === undefined) return
    const { caipNetworkId, wallet } = shown
    connection.set({
      current: {
        status: 'connected',
        address,
        caipNetworkId,
        caipAddress: `${caipNetworkId}:${address}`,
        wallet,
      },
    })
  }

  const publish = () => {
    if (session) {
      show(family.present(session), {
        caipNetworkId: session.caipNetworkId,
        wallet: family.optionOf(session.wallet),
      })
    } else if (linkedSession) {
      const presented = family.presentLinked?.(linkedSession) ?? {
        address: linkedSession.linked.address,
      }
      show(presented, {
        caipNetworkId: linkedSession.caipNetworkId,
        wallet: linkedSession.linked.wallet,
      })
    } else {
      connection.set({ current: { status: 'disconnected' } })
      accountList.set({ list: [] })
    }
  }

  const save = (current: Session) => {
    storage.setItem(walletKey, family.optionOf(current.wallet).id)
    family.choice?.remember(current)
  }

  const end = () => {
    stopFollowing?.()
    stopFollowing = undefined
    session = undefined
    storage.removeItem(walletKey)
    if (family.choice) storage.removeItem(family.choice.key)
    publish()
  }

  const update = (next: Session) => {
    session = next
    save(next)
    publish()
  }

  /** The session the wallet's answer opens; false when it shared no account the family can use. */
  const open = (wallet: Wallet, answer: Answer, asked?: CaipNetworkId) => {
    const next = family.sessionOf(wallet, answer, asked)
    if (!next) return false
    stopFollowing?.()
    session = next
    stopFollowing = family.follow?.(next, followed(wallet))
    save(next)
    publish()
    return true
  }

  const followed = (wallet: Wallet) => {
    const walletId = family.optionOf(wallet).id
    const current = () =>
      session && family.optionOf(session.wallet).id === walletId ? session : undefined
    return { current, update, end }
  }

  const connected = (): Session => {
    if (!session) throw new LatchError('No wallet is connected')
    return session
  }
  const linkedOnly = () => (session ? undefined : linkedSession)

  return {
    adapter: {
      wallets: list.options,
      connection: selectStore(connection, (state) => state.current),
      async connect(walletId, { caipNetworkId } = {}) {
        list.refresh()
        const wallet = list.find(walletId)
        if (!wallet) throw new LatchError(`Wallet ${walletId} is not available in this browser`)
        connection.set({ current: { status: 'connecting', wallet: family.optionOf(wallet) } })
        try {
          if (family.choice) storage.removeItem(family.choice.key)
          const answer = await family.ask(wallet, { silent: false })
          if (!open(wallet, answer, caipNetworkId)) throw family.sharedNothing(wallet)
        } catch (error) {
          publish()
          throw error
        }
      },
      async disconnect() {
        const wallet = session?.wallet
        // A linked account ends with the session holding it: its own end does that when only this
        // family holds the session, else the family holding it (EVM) ends it.
        const linked = linkedSession?.linked
        linkedSession = undefined
        end()
        await Promise.all([
          wallet !== undefined ? family.release?.(wallet) : undefined,
          linked?.end?.().catch(() => undefined),
        ])
      },
      async reconnect() {
        const walletId = storage.getItem(walletKey)
        if (!walletId || session) return
        connection.set({ current: { status: 'reconnecting', wallet: undefined } })
        const wallet = await family.waitForWallet(() => list.find(walletId))
        // A wallet gone or no longer approving this site: the session ends quietly.
        const restored =
          wallet !== undefined &&
          (await family.ask(wallet, { silent: true }).then(
            (answer) => open(wallet, answer),
            () => false,
          ))
        if (!restored) end()
      },
      async switchNetwork(caipNetworkId) {
        if (!networks.configured(caipNetworkId))
          throw new LatchError(`${caipNetworkId} is not one of the site's networks`)
        const linked = linkedOnly()
        if (linked) {
          const { chains, wallet } = linked.linked
          if (chains.length > 0 && !chains.includes(caipNetworkId))
            throw (
              family.linkedUnserved?.(linked.linked, caipNetworkId) ??
              new ChainNotSupportedError({ details: `${wallet.name} has no ${caipNetworkId}` })
            )
          linkedSession = { ...linked, caipNetworkId }
          publish()
          return
        }
        const current = connected()
        family.checkNetwork?.(current, caipNetworkId)
        session = { ...current, caipNetworkId }
        publish()
      },
    },
    accounts: selectStore(accountList, (state) => state.list),
    link(linked) {
      const next = relinkedSession(linkedSession, linked, {
        preferred: [networks.lastUsed(), ...networks.all],
        inUse: networks.configured,
        fallback: networks.first,
      })
      if (!next && !linkedSession) return
      linkedSession = next
      publish()
    },
    refreshWallets: list.refresh,
    connected,
    linkedOnly,
    update,
  }
}
