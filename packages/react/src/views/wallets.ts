import {
  type ConnectableWallet,
  type Latch,
  WALLETCONNECT_WALLET_ID,
  walletFromOption,
} from '@latch/core'
import type { Wallet } from '@latch/protocol'

/**
 * The site's chain families (CAIP-2 namespaces): the modal offers only wallets of these, so an
 * EVM site never lists a Bitcoin-only wallet.
 */
export function siteNamespaces(latch: Latch): string[] {
  return [...latch.options.families]
}

/** A registry wallet as the modal offers it, tied to its installed connector when there is one. */
export function fromRegistry(latch: Latch, wallet: Wallet): ConnectableWallet {
  const installed = wallet.rdns
    ? latch.wallets.get().find((option) => option.rdns === wallet.rdns)
    : undefined
  return {
    id: wallet.rdns ?? wallet.id,
    name: wallet.name,
    imageUrl: installed?.icon ?? latch.api.walletImageUrl(wallet.image_id),
    ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
    ...(installed ? { connectorId: installed.id } : {}),
    homepage: wallet.homepage,
    chromeStore: wallet.chrome_store,
    appStore: wallet.app_store,
    playStore: wallet.play_store,
    mobileLink: wallet.mobile_link,
    universalLink: wallet.universal_link,
    desktopLink: wallet.desktop_link,
    supportsWalletConnect: wallet.supports_wc,
  }
}

/** Whether a wallet can be connected here: it is installed, or was and still is. */
export function withConnector(latch: Latch, wallet: ConnectableWallet): ConnectableWallet {
  if (wallet.connectorId) return wallet
  const installed = latch.wallets
    .get()
    .find((option) => option.rdns === (wallet.rdns ?? wallet.id) || option.id === wallet.id)
  return installed
    ? { ...walletFromOption(installed), ...wallet, connectorId: installed.id }
    : wallet
}

/** WalletConnect's own entry: its plain QR code pairs any wallet. */
export const WALLETCONNECT_ENTRY: ConnectableWallet = {
  id: WALLETCONNECT_WALLET_ID,
  name: 'WalletConnect',
}

/**
 * Opens the view that connects `wallet`: the extension when it is installed, WalletConnect's QR
 * code or deep link when it pairs that way, else where to get it.
 */
export function chooseWallet(latch: Latch, chosen: ConnectableWallet): void {
  const wallet = withConnector(latch, chosen)
  if (wallet.connectorId) {
    latch.router.push('ConnectingExternal', { wallet })
  } else if (latch.walletConnect && wallet.id === WALLETCONNECT_WALLET_ID) {
    latch.router.push('ConnectingWalletConnectBasic')
  } else if (latch.walletConnect && wallet.supportsWalletConnect !== false) {
    latch.router.push('ConnectingWalletConnect', { wallet })
  } else {
    latch.router.push('ConnectingExternal', { wallet })
  }
}
