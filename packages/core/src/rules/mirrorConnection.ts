import type { AccountController, ConnectedWalletInfo } from '../account/index.ts'
import type { ChainConnection, WalletOption } from '../chains/connection.ts'
import type { ConnectionController } from '../connection/index.ts'
import type { NetworkController } from '../network/index.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { ReadableStore } from '../store.ts'

export type MirrorConnectionDeps = {
  namespace: ChainNamespace
  /** The family's wallet connection: the source of truth. */
  wallet: ReadableStore<ChainConnection>
  connection: Pick<ConnectionController, 'setStatus'>
  account: Pick<AccountController, 'update' | 'reset'>
  network: Pick<NetworkController, 'find' | 'setWalletNetworkId' | 'clearWalletNetwork'>
  /** How the connected wallet shows in the Account view (the embedded wallet names its login). */
  walletInfo(wallet: WalletOption): ConnectedWalletInfo
  /** Whether the family is the active one: only its wallet's network is the modal's. */
  isActive?(): boolean
}

/**
 * The wallet is the source of truth: its connection is mirrored into the connection status, the
 * namespace's account (CAIP-10 address, explorer link) and the wallet's network.
 */
export function mirrorConnection(deps: MirrorConnectionDeps): () => void {
  const { namespace, connection, account, network } = deps
  return deps.wallet.subscribe((current, previous) => {
    // Still disconnected is no news: clearing the account again would drop what a login in
    // progress has put there (the embedded wallet's user, a Farcaster link) before it connects.
    if (current.status === 'disconnected' && previous.status === 'disconnected') return
    connection.setStatus(current.status)
    if (current.status === 'connected') {
      const explorer = network.find(current.caipNetworkId)?.blockExplorers?.default.url
      account.update(namespace, {
        status: 'connected',
        address: current.address,
        caipAddress: current.caipAddress,
        connectedWalletInfo: deps.walletInfo(current.wallet),
        ...(explorer ? { addressExplorerUrl: `${explorer}/address/${current.address}` } : {}),
        // A Polkadot extension's accounts are keys, never contracts: their type is eoa.
        ...(namespace === 'polkadot'
          ? {
              preferredAccountTypes: { polkadot: 'eoa' as const },
              allAccounts: [{ namespace, address: current.address, type: 'eoa' as const }],
            }
          : {}),
      })
      if (deps.isActive?.() !== false) network.setWalletNetworkId(current.caipNetworkId)
      return
    }
    if (current.status === 'disconnected') {
      account.reset(namespace)
      if (deps.isActive?.() !== false) network.clearWalletNetwork()
      return
    }
    account.update(namespace, { status: current.status })
  })
}
