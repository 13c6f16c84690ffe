import { STORAGE_KEYS } from '../../storage/index.ts'
import { createStore, type ReadableStore, selectStore } from '../../store.ts'
import type { ChainConnection, WalletOption } from '../connection.ts'
import type { LinkedSession } from '../linkedSession.ts'
import type { FamilyAccount } from '../types.ts'
import type { PresentedAccount, WalletFamily, WalletSessionBase } from './walletFamily.ts'

type Connected = Extract<ChainConnection, { status: 'connected' }>

/** A family's session and linked account: kept in storage, followed, and shown as they change. */
export type SessionState<Session> = {
  connection: ReadableStore<ChainConnection>
  accounts: ReadableStore<FamilyAccount[]>
  session(): Session | undefined
  linked(): LinkedSession | undefined
  /** Shows that a wallet is being asked (`connecting`, or `reconnecting` after a reload). */
  pending(status: 'connecting' | 'reconnecting', wallet: WalletOption | undefined): void
  /** Takes a new wallet's session: follows its wallet (no longer the last one's), keeps it, shows it. */
  open(next: Session): void
  /** Takes a change of the same session (an account, a network): keeps it and shows it. */
  update(next: Session): void
  /** Takes the linked account, or its end (undefined), and shows what the family has then. */
  link(next: LinkedSession | undefined): void
  /** Forgets the wallet's session (the linked account stays) and shows what is left. */
  end(): void
  /** Forgets the wallet's session and the linked account: the family shows nothing. */
  endAll(): void
  /** Shows what the family has now (after a connect that failed). */
  publish(): void
}

/**
 * What a family shows: its wallet's session, else the account another family's wallet holds,
 * else nothing. A session whose accounts read in none of the network's encoding leaves the
 * connection as it was. The wallet and the picked account are kept in storage for the next visit.
 */
export function createSessionState<Wallet, Session extends WalletSessionBase<Wallet>>(
  family: Pick<
    WalletFamily<Wallet, Session, unknown>,
    'namespace' | 'storage' | 'optionOf' | 'present' | 'presentLinked' | 'follow' | 'choice'
  >,
): SessionState<Session> {
  const { storage } = family
  const walletKey = STORAGE_KEYS.connectedConnectorId(family.namespace)
  const connection = createStore<{ current: ChainConnection }>({
    current: { status: 'disconnected' },
  })
  const accountList = createStore<{ list: FamilyAccount[] }>({ list: [] })
  let session: Session | undefined
  let linkedSession: LinkedSession | undefined
  let stopFollowing: (() => void) | undefined

  const show = (
    presented: PresentedAccount,
    shown: Pick<Connected, 'caipNetworkId' | 'wallet'>,
  ) => {
    accountList.set({ list: presented.accounts ?? [] })
    const { address } = presented
    if (address === undefined) return
    const { caipNetworkId } = shown
    connection.set({
      current: {
        status: 'connected',
        address,
        caipNetworkId,
        caipAddress: `${caipNetworkId}:${address}`,
        wallet: shown.wallet,
      },
    })
  }

  const publish = () => {
    if (session) {
      const { caipNetworkId, wallet } = session
      show(family.present(session), { caipNetworkId, wallet: family.optionOf(wallet) })
    } else if (linkedSession) {
      const { linked, caipNetworkId } = linkedSession
      const presented = family.presentLinked?.(linkedSession) ?? { address: linked.address }
      show(presented, { caipNetworkId, wallet: linked.wallet })
    } else {
      connection.set({ current: { status: 'disconnected' } })
      accountList.set({ list: [] })
    }
  }

  const update = (next: Session) => {
    session = next
    storage.setItem(walletKey, family.optionOf(next.wallet).id)
    family.choice?.remember(next)
    publish()
  }

  const end = () => {
    stopFollowing?.()
    stopFollowing = undefined
    session = undefined
    storage.removeItem(walletKey)
    if (family.choice) storage.removeItem(family.choice.key)
    publish()
  }

  /** The session as its wallet's listener sees it: its own, while the wallet is still this one. */
  const followed = (wallet: Wallet) => {
    const walletId = family.optionOf(wallet).id
    const current = () =>
      session && family.optionOf(session.wallet).id === walletId ? session : undefined
    return { current, update, end }
  }

  return {
    connection: selectStore(connection, (state) => state.current),
    accounts: selectStore(accountList, (state) => state.list),
    session: () => session,
    linked: () => linkedSession,
    pending: (status, wallet) => connection.set({ current: { status, wallet } }),
    open(next) {
      stopFollowing?.()
      session = next
      stopFollowing = family.follow?.(next, followed(next.wallet))
      update(next)
    },
    update,
    link(next) {
      linkedSession = next
      publish()
    },
    end,
    endAll() {
      linkedSession = undefined
      end()
    },
    publish,
  }
}
