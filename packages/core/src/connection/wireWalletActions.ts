import type { AlertsController } from '../alerts/index.ts'
import type { FamilyWalletsDeps } from '../chains/connectFamilies.ts'
import type { ConnectionsController } from '../chains/createConnections.ts'
import type { ChainAdapter } from '../chains/types.ts'
import { displayMessage } from '../displayMessage.ts'
import type { EventsController } from '../events/index.ts'
import { trackConnectError, trackSelectWallet } from '../events/track.ts'
import { type LazyCode, lazyCode } from '../lazy/lazyCode.ts'
import type { ModalController } from '../modal/index.ts'
import type { NetworkController } from '../network/index.ts'
import { switchWalletNetwork } from '../network/switchWalletNetwork.ts'
import type { ResolvedOptions } from '../options/types.ts'
import type { RouterController } from '../router/index.ts'
import type { CaipNetwork, ChainNamespace } from '../siteTypes.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { ConnectableWallet } from './connectableWallet.ts'
import type { ConnectionController } from './createConnection.ts'
import type { LatchWalletConnect } from './latchWalletConnect.ts'
import { lazyWalletConnect, type WalletConnectFamily } from './lazyWalletConnect.ts'

export type WalletActionsDeps = {
  connection: ConnectionController
  connections: Pick<ConnectionsController, 'state' | 'setActiveNamespace'>
  /** The site's families, loaded on demand, and what connecting a wallet of several reads. */
  families: {
    readonly adapters: Readonly<Partial<Record<ChainNamespace, ChainAdapter>>>
    loadAll(): Promise<void>
    loadEvm(): Promise<WalletConnectFamily>
    withFamilies(loading: Promise<void>): Promise<void>
  }
  familyWallets: FamilyWalletsDeps
  adapterOf(namespace: ChainNamespace): ChainAdapter
  options: Pick<ResolvedOptions, 'walletConnect'>
  /** WalletConnect pairs through the EVM family: a site without EVM offers none. */
  hasEvm: boolean
  network: NetworkController
  modal: Pick<ModalController, 'state'>
  router: Pick<RouterController, 'state' | 'goBack'>
  snackbar: Pick<SnackbarController, 'showError'>
  alerts: Pick<AlertsController, 'raise'>
  events: Pick<EventsController, 'emit'>
  closeAfterConnect(): void
}

export type WalletActions = {
  connectWallet(wallet: ConnectableWallet): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  walletConnect: LatchWalletConnect | undefined
}

/**
 * Connecting, pairing and switching run on a click in the modal: their code loads as the modal
 * first opens (or on the first call), not with the page.
 */
export function wireWalletActions(deps: WalletActionsDeps): WalletActions {
  const walletActions = lazyCode(() => import('./walletActions.ts'))
  deps.modal.state.subscribe((state) => {
    if (state.open) void walletActions.load().catch(() => undefined)
  })
  const { connections, network } = deps
  return {
    connectWallet: connectWalletWith(deps, walletActions),
    switchNetwork: switchWalletNetwork({
      activeNamespace: () => connections.state.get().activeNamespace,
      setActiveNamespace: (namespace) => connections.setActiveNamespace(namespace),
      isConnected: (namespace) =>
        connections.state.get().byNamespace[namespace]?.status === 'connected',
      connectSameWallet: async (namespace, caipNetworkId) =>
        (await walletActions.load()).connectWithSameWallet(
          deps.familyWallets,
          namespace,
          caipNetworkId,
        ),
      switchNetwork: (namespace, caipNetworkId) =>
        deps.adapterOf(namespace).switchNetwork(caipNetworkId),
      network,
      router: deps.router,
      snackbar: deps.snackbar,
      displayMessage,
      isSiteNetwork: (caipNetworkId) => network.find(caipNetworkId) !== undefined,
      alerts: deps.alerts,
    }),
    walletConnect:
      deps.options.walletConnect && deps.hasEvm
        ? lazyWalletConnect({ ...deps, walletActions, loadEvm: deps.families.loadEvm })
        : undefined,
  }
}

/**
 * Connects a wallet installed in this browser, each family of the site it offers; a click that
 * comes before start() (or before the families' code) loads them first. The pick and a failure
 * are reported.
 */
function connectWalletWith(
  deps: WalletActionsDeps,
  walletActions: LazyCode<typeof import('./walletActions.ts')>,
): (wallet: ConnectableWallet) => Promise<void> {
  const { families, events } = deps
  return async (wallet) => {
    trackSelectWallet(events, wallet, 'browser')
    try {
      const [{ connectBrowserWallet, connectFamilies }] = await Promise.all([
        walletActions.load(),
        families.withFamilies(families.loadAll()),
      ])
      let tried: ChainAdapter | undefined =
        families.adapters[deps.connections.state.get().activeNamespace]
      return await connectBrowserWallet({
        connection: deps.connection,
        connect: (connectorId) =>
          connectFamilies(deps.familyWallets, connectorId, (family) => {
            tried = family
          }),
        walletStatus: () => tried?.connection.get().status ?? 'disconnected',
        closeAfterConnect: deps.closeAfterConnect,
      })(wallet)
    } catch (error) {
      trackConnectError(events, 'browser', displayMessage(error), wallet.name)
      throw error
    }
  }
}
