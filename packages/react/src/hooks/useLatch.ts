import type { ViewName } from '@latch/core'
import { useMemo } from 'react'
import { useLatchInstance } from '../context.ts'
import { useStore } from './useStore.ts'

/** Opens and closes the modal: `open()`, `open({ view: 'Networks' })`, `close()`. */
export function useLatch() {
  const latch = useLatchInstance()
  const modal = useStore(latch.modal.state)
  return useMemo(
    () => ({
      isOpen: modal.open,
      open: (options?: { view?: ViewName }) => latch.modal.open(options),
      close: () => latch.modal.close(),
      latch,
    }),
    [latch, modal.open],
  )
}

/**
 * The active namespace's account: status, address, caipAddress, balance, wallet, its name and
 * avatar when it has them, and for an email or social login its user and provider.
 */
export function useLatchAccount() {
  const latch = useLatchInstance()
  const accounts = useStore(latch.account.state)
  const account = accounts.byNamespace[accounts.activeNamespace]
  return {
    status: account?.status ?? 'disconnected',
    isConnected: account?.status === 'connected',
    address: account?.address,
    caipAddress: account?.caipAddress,
    balance: account?.balance,
    balanceSymbol: account?.balanceSymbol,
    /** The account's name (a registered name or ENS), null or undefined when it has none. */
    profileName: account?.profileName,
    profileImage: account?.profileImage,
    /**
     * The server could not say what the account's name is: `profileName` is unknown, not absent
     * (the account may have one), so nothing should offer to choose one meanwhile.
     */
    profileUnavailable: account?.profileUnavailable === true,
    connectedWalletInfo: account?.connectedWalletInfo,
    user: account?.user,
    socialProvider: account?.socialProvider,
  }
}

/**
 * The active network, the site's networks, and a switch; `unsupported` when the wallet is on a
 * network the site does not list, `walletNetworkId` the one it is on.
 */
export function useLatchNetwork() {
  const latch = useLatchInstance()
  const network = useStore(latch.network.state)
  return {
    caipNetwork: network.activeNetwork,
    networks: network.networks,
    unsupported: network.unsupported,
    walletNetworkId: network.walletNetworkId,
    switchNetwork: latch.switchNetwork,
  }
}
