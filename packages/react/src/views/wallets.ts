import { type ConnectableWallet, type Latch, walletFromOption } from '@latch/core'
import type { Wallet } from '@latch/protocol'

/** A registry wallet as the modal offers it, tied to its installed connector when there is one. */
export function fromRegistry(latch: Latch, wallet: Wallet): ConnectableWallet {
  const installed = wallet.rdns
    ? latch.evm.wallets.get().find((option) => option.rdns === wallet.rdns)
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
  }
}

/** Whether a wallet can be connected here: it is installed, or was and still is. */
export function withConnector(latch: Latch, wallet: ConnectableWallet): ConnectableWallet {
  if (wallet.connectorId) return wallet
  const installed = latch.evm.wallets
    .get()
    .find((option) => option.rdns === (wallet.rdns ?? wallet.id) || option.id === wallet.id)
  return installed
    ? { ...walletFromOption(installed), ...wallet, connectorId: installed.id }
    : wallet
}
