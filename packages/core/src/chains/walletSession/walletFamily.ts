import type { CaipNetworkId } from '@latch/protocol'
import type { ChainNamespace } from '../../siteTypes.ts'
import type { LatchStorage, StorageKey } from '../../storage/index.ts'
import type { LinkedSession } from '../linkedSession.ts'
import type { FamilyAccount, LinkedAccount, WalletOption } from '../types.ts'
import type { SiteNetworks } from './siteNetworks.ts'

/** What every family's wallet session holds: the wallet, and the network the kit uses it on. */
export type WalletSessionBase<Wallet> = { wallet: Wallet; caipNetworkId: CaipNetworkId }

/**
 * What the connection shows of a session: its active address (undefined when none of the shared
 * accounts reads in this network: the connection stays as it was) and, for families whose
 * wallets share several, all of them.
 */
export type PresentedAccount = { address: string | undefined; accounts?: FamilyAccount[] }

/** What a family's wallet listener may do to the session it follows. */
export type FollowedSession<Session> = {
  /** The session, while it is still this wallet's. */
  current(): Session | undefined
  /** Takes what the wallet now shares: kept for the next visit and shown. */
  update(next: Session): void
  /** The wallet took the site's access away. */
  end(): void
}

/**
 * What differs between chain families in connecting a wallet; `createWalletSession` does the
 * rest (connect, restore after a reload, follow, disconnect, the linked account) the same for all.
 * `Answer` is what the wallet hands back when asked for access (its accounts).
 */
export type WalletFamily<Wallet, Session extends WalletSessionBase<Wallet>, Answer> = {
  namespace: ChainNamespace
  storage: LatchStorage
  networks: SiteNetworks
  /** The family's wallets in the page now, in the order the modal lists them. */
  discover(): Wallet[]
  optionOf(wallet: Wallet): WalletOption
  /** The stored wallet after a reload: `find` now, or once the page's wallets announced it. */
  waitForWallet(find: () => Wallet | undefined): Promise<Wallet | undefined>
  /**
   * Asks the wallet for the site's access; `silent` asks the visitor nothing (a reload). Rejects
   * with a UserRejectedError when the visitor declines.
   */
  ask(wallet: Wallet, request: { silent: boolean }): Promise<Answer>
  /** The session the answer opens, on `asked` when it can be; undefined when it shared no account. */
  sessionOf(wallet: Wallet, answer: Answer, asked: CaipNetworkId | undefined): Session | undefined
  /** Why a connect that shared no usable account failed. */
  sharedNothing(wallet: Wallet): Error
  present(session: Session): PresentedAccount
  /** Listens to the account changes of the session's wallet; returns how to stop. */
  follow?(session: Session, followed: FollowedSession<Session>): (() => void) | undefined
  /** Ends the site's access in the wallet, where the wallet has a call for it. */
  release?(wallet: Wallet): Promise<void>
  /** Throws when the session's wallet cannot be used on `caipNetworkId`. */
  checkNetwork?(session: Session, caipNetworkId: CaipNetworkId): void
  /**
   * The account the visitor picked among the wallet's, kept over a reload: written by `remember`,
   * forgotten when a new connection starts (from the wallet's own choice) and when it ends.
   */
  choice?: { key: StorageKey; remember(session: Session): void }
  /** What the connection shows of a linked account (`ChainAdapter.link`); its address by default. */
  presentLinked?(linked: LinkedSession): PresentedAccount
  /**
   * The error for a network the linked account's wallet does not serve; a ChainNotSupportedError
   * naming the wallet by default.
   */
  linkedUnserved?(linked: LinkedAccount, caipNetworkId: CaipNetworkId): Error
}
