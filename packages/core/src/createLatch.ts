import { createBalances } from './balances/createBalances.ts'
import { createNativeBalanceRefresh } from './balances/refreshNativeBalance.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './chains/evm/walletconnect/connectorId.ts'
import {
  disconnectFamilies,
  familyWallets as familyWalletsOf,
  loadedEvm,
} from './chains/familyAccess.ts'
import { wireFamilies } from './chains/wireFamilies.ts'
import { disconnectWallet } from './connection/disconnectWallet.ts'
import { wireWalletActions } from './connection/wireWalletActions.ts'
import { createKit } from './createKit.ts'
import { displayMessage } from './displayMessage.ts'
import { connectEmbedded } from './embedded/connectEmbedded.ts'
import { lazySwitchAccountType } from './embedded/lazySwitchAccountType.ts'
import { wireEmbedded } from './embedded/wireEmbedded.ts'
import { createSiteFeatures } from './features/siteFeatures.ts'
import { createLazyHistory } from './history/lazyHistory.ts'
import type { Latch, LatchConfig } from './latchTypes.ts'
import { collectLogs } from './logs/collectLogs.ts'
import { createLazyIdentity } from './names/lazyIdentity.ts'
import { createLazyNames } from './names/lazyNames.ts'
import { namesZone } from './names/namesZone.ts'
import { createLazyNfts } from './nfts/lazyNfts.ts'
import { createLazyOnramp } from './onramp/lazyOnramp.ts'
import { createSupportedChains } from './query/supportedChains.ts'
import { signInNeeded } from './rules/askSignInAfterConnect.ts'
import { closeAfterConnect } from './rules/closeAfterConnect.ts'
import { createTransferTracking } from './rules/transferTracking.ts'
import { wireRules } from './rules/wireRules.ts'
import { createPendingTransactions } from './send/createPendingTransactions.ts'
import { wireSend } from './send/wireSend.ts'
import { wireSessions } from './sessions/wireSessions.ts'
import { startLatch } from './setup/startLatch.ts'
import { createSiwx, type SiwxController } from './siwx/createSiwx.ts'
import { createLazySwap } from './swap/lazySwap.ts'

export type { ConnectableWallet } from './connection/connectableWallet.ts'
export { walletFromOption } from './connection/connectableWallet.ts'
export type { LatchWalletConnect } from './connection/latchWalletConnect.ts'
export type { Latch, LatchConfig } from './latchTypes.ts'

/** The id recent wallets use for WalletConnect's own QR code (ConnectingWalletConnectBasic). */
export const WALLETCONNECT_WALLET_ID = WALLETCONNECT_CONNECTOR_ID

/**
 * Creates one Latch instance with its own stores: two instances on a page share nothing. It builds
 * each feature from its folder and wires them together; it holds no rule itself (`rules/`).
 * @example const latch = createLatch({ projectId: 'latch-dev', serverUrl, networks: [devnet] })
 */
export function createLatch(config: LatchConfig): Latch {
  const kit = createKit(config, { siwx: () => siwx, embedded: () => embedded?.controller })
  const { options, events, storage, alerts, snackbar, api, queryClient, i18n } = kit
  const { connection, connections, account, activeAccount, network, router, modal } = kit
  const { supportedChains, isSupported } = createSupportedChains(kit)
  const balances = createBalances({ api, queryClient, snackbar, isSupported })
  const identity = createLazyIdentity({ api, queryClient, storage, account, isSupported })
  const activeNetwork = () => network.state.get().activeNetwork?.caipNetworkId
  const history = createLazyHistory({ api, queryClient, snackbar, events, activeNetwork })
  const embedded = wireEmbedded({ ...kit, connect: (method) => login(method), supportedChains })
  const pendingTransactions = createPendingTransactions()
  const refreshNativeBalance = createNativeBalanceRefresh({
    account,
    getBalance: (target, read) =>
      families.adapterOf(target.namespace).getBalance(target.caipAddress, read),
  })
  const tracking = createTransferTracking({
    account: activeAccount,
    pendingTransactions,
    network,
    balances,
    history,
    queryClient,
    refreshNativeBalance,
  })
  const families = wireFamilies({ ...kit, server: config, embedded, tracking })
  const { adapters, loadEvm, activeAdapter, evmCalls: evm } = families
  // Swap, on-ramp, NFTs and names keep their state here and load their code with their views.
  const swap = createLazySwap({ api, evm, balances, snackbar, account: activeAccount, events })
  const onramp = createLazyOnramp({
    api,
    events,
    account: activeAccount,
    balances,
    snackbar,
    activeNetwork,
    refreshActivity: (mined) => tracking.refreshActivity(mined),
    locale: () => i18n.state.get().locale,
  })
  const nfts = createLazyNfts({
    api,
    account: activeAccount,
    evm,
    tracking: tracking.load,
    snackbar,
  })
  const names = createLazyNames({
    api,
    queryClient,
    account: activeAccount,
    snackbar,
    identity,
    signMessage: (message) => families.evmOf().signMessage(message),
    zone: namesZone(config.names?.zone),
  })
  const siwx: SiwxController = createSiwx({
    options: options.siwx,
    api,
    storage,
    snackbar,
    events,
    alerts,
    activeAccount: () => activeAccount.get(),
    signInMessage: (fields) => activeAdapter().signInMessage(fields),
    signMessage: (message) => activeAdapter().signMessage(message),
    disconnect: () => disconnect(),
    onSignedIn: () => modal.close(),
    onStartFailed: () => router.reset('Connect'),
  })
  const needsSignIn = signInNeeded({ siwx: () => siwx, network })
  const closeModalAfterConnect = closeAfterConnect({ network, needsSignIn, modal })
  const logs = collectLogs(kit)
  wireRules({
    ...kit,
    account: activeAccount,
    needsSignIn,
    refreshNativeBalance,
    identity,
    balances,
    resettables: [balances, history, identity, names],
  })
  const familyWallets = familyWalletsOf({ ...kit, adapters, wallets: families.wallets })
  const walletActions = wireWalletActions({
    ...kit,
    families,
    familyWallets,
    adapterOf: families.adapterOf,
    closeAfterConnect: closeModalAfterConnect,
  })
  const login = connectEmbedded({
    ...kit,
    loadEvm,
    walletName: () => embedded?.controller.walletInfo().name,
    closeAfterConnect: closeModalAfterConnect,
  })
  const send = wireSend({ ...kit, activeAdapter, evm: families.evmOf, balances, names })
  const sessions = wireSessions({ ...kit, loadEvm })
  const siteFeatures = createSiteFeatures({ options, hasEmbedded: embedded !== undefined })
  const disconnect = disconnectWallet({
    ...kit,
    siwx: () => siwx,
    disconnect: () => disconnectFamilies(adapters),
  })
  return {
    options,
    api,
    storage,
    events,
    alerts,
    snackbar,
    displayMessage,
    theme: kit.theme,
    i18n,
    setLocale: (locale) => i18n.setLocale(locale),
    connection,
    account,
    network,
    router,
    modal,
    adapters,
    connections,
    activeAccount,
    get evm() {
      return loadedEvm(adapters, kit.hasEvm)
    },
    loadFamily: (namespace) => families.load(namespace) as never,
    provideFamily: (namespace, module) => families.provide(namespace, module as never),
    wallets: families.wallets,
    balances,
    history,
    nfts,
    pendingTransactions,
    siwx,
    swap,
    onramp,
    names,
    send: async (request) => (await send.sendTransfer(request)).id as `0x${string}`,
    switchAccountType: lazySwitchAccountType({ storage, snackbar, loadEvm }),
    sendFlow: send.sendFlow,
    ...sessions,
    walletConnect: walletActions.walletConnect,
    embedded: embedded?.controller,
    features: siteFeatures.features,
    region: siteFeatures.region,
    exportLogs: () => logs.text(),
    start: startLatch({
      ...kit,
      report: kit.reportSetup,
      siteFeatures,
      onramp,
      startFamilies: () => families.withFamilies(families.start()),
    }),
    connectWallet: walletActions.connectWallet,
    disconnect,
    switchNetwork: walletActions.switchNetwork,
  }
}
