import type { WalletOption } from '../chains/connection.ts'
import type { WalletSummary } from '../router/types.ts'

/** A wallet offered in the modal: one found in the browser, or one from the registry. */
export type ConnectableWallet = WalletSummary & {
  /** The connector to use when the wallet is installed here. */
  connectorId?: string
  homepage?: string | null
  chromeStore?: string | null
  appStore?: string | null
  playStore?: string | null
  /** The app's native scheme, e.g. `metamask://`, for deep links on phones. */
  mobileLink?: string | null
  /** The app's https universal link, for phones without its scheme registered. */
  universalLink?: string | null
  desktopLink?: string | null
  /** Whether the wallet connects over WalletConnect (QR code or deep link). */
  supportsWalletConnect?: boolean
}

/** What the recent-wallets list and the connection keep of a wallet. */
export const walletSummary = (wallet: ConnectableWallet): WalletSummary => ({
  id: wallet.id,
  name: wallet.name,
  ...(wallet.imageUrl ? { imageUrl: wallet.imageUrl } : {}),
  ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
})

/** A wallet found in this browser, as the modal lists it (its rdns is its id when it has one). */
export const walletFromOption = (option: WalletOption): ConnectableWallet => ({
  id: option.rdns ?? option.id,
  name: option.name,
  connectorId: option.id,
  ...(option.icon ? { imageUrl: option.icon } : {}),
  ...(option.rdns ? { rdns: option.rdns } : {}),
})
