import type { CaipNetworkId } from '@latch/protocol'
import { ChainNotSupportedError, LatchError } from '../../errors.ts'
import { STORAGE_KEYS } from '../../storage/index.ts'
import type { ReadableStore } from '../../store.ts'
import { type LinkedSession, relinkedSession } from '../linkedSession.ts'
import type { ChainAdapter, FamilyAccount } from '../types.ts'
import { createSessionState } from './sessionState.ts'
import type { WalletFamily, WalletSessionBase } from './walletFamily.ts'
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
 * quietly), follow the wallet's account changes, disconnect, switch among the site's networks,
 * and an account another family's wallet holds (shown while no wallet of the family is
 * connected). The family supplies what differs (`WalletFamily`) and imports its own libraries:
 * this module names none, so it costs no family's page another family's code.
 */
export function createWalletSession<Wallet, Session extends WalletSessionBase<Wallet>, Answer>(
  family: WalletFamily<Wallet, Session, Answer>,
): WalletSession<Session> {
  const { storage, networks } = family
  const list = createWalletList(family.discover, family.optionOf)
  const state = createSessionState(family)

  /** Opens the session the wallet's answer gives; false when it shared no usable account. */
  const open = (wallet: Wallet, answer: Answer, asked?: CaipNetworkId) => {
    const next = family.sessionOf(wallet, answer, asked)
    if (next) state.open(next)
    return next !== undefined
  }
  const connected = (): Session => {
    const session = state.session()
    if (!session) throw new LatchError('No wallet is connected')
    return session
  }
  const linkedOnly = () => (state.session() ? undefined : state.linked())

  return {
    adapter: {
      wallets: list.options,
      connection: state.connection,
      async connect(walletId, { caipNetworkId } = {}) {
        list.refresh()
        const wallet = list.find(walletId)
        if (!wallet) throw new LatchError(`Wallet ${walletId} is not available in this browser`)
        state.pending('connecting', family.optionOf(wallet))
        try {
          if (family.choice) storage.removeItem(family.choice.key)
          const answer = await family.ask(wallet, { silent: false })
          if (!open(wallet, answer, caipNetworkId)) throw family.sharedNothing(wallet)
        } catch (error) {
          state.publish()
          throw error
        }
      },
      async disconnect() {
        const wallet = state.session()?.wallet
        // A linked account ends with the session holding it: its own end does that when only this
        // family holds the session, else the family holding it (EVM) ends it.
        const linked = state.linked()?.linked
        state.endAll()
        await Promise.all([
          wallet !== undefined ? family.release?.(wallet) : undefined,
          linked?.end?.().catch(() => undefined),
        ])
      },
      async reconnect() {
        const walletId = storage.getItem(STORAGE_KEYS.connectedConnectorId(family.namespace))
        if (!walletId || state.session()) return
        state.pending('reconnecting', undefined)
        const wallet = await family.waitForWallet(() => list.find(walletId))
        // A wallet gone or no longer approving this site: the session ends quietly.
        const restored =
          wallet !== undefined &&
          (await family.ask(wallet, { silent: true }).then(
            (answer) => open(wallet, answer),
            () => false,
          ))
        if (!restored) state.end()
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
          return state.link({ ...linked, caipNetworkId })
        }
        const current = connected()
        family.checkNetwork?.(current, caipNetworkId)
        state.update({ ...current, caipNetworkId })
      },
    },
    accounts: state.accounts,
    link(linked) {
      const next = relinkedSession(state.linked(), linked, {
        preferred: [networks.lastUsed(), ...networks.all],
        inUse: networks.configured,
        fallback: networks.first,
      })
      if (next || state.linked()) state.link(next)
    },
    refreshWallets: list.refresh,
    connected,
    linkedOnly,
    update: state.update,
  }
}
