import type { ActiveAccount } from '../account/activeAccount.ts'
import type { AlertsController } from '../alerts/index.ts'
import type { BalancesController } from '../balances/createBalances.ts'
import type { EventsController } from '../events/index.ts'
import type { ModalController } from '../modal/index.ts'
import type { IdentityController } from '../names/createIdentity.ts'
import type { NetworkController } from '../network/index.ts'
import type { ResolvedOptions } from '../options/types.ts'
import type { RouterController } from '../router/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { LatchStorage } from '../storage/index.ts'
import type { ReadableStore } from '../store.ts'
import { askSignInAfterConnect } from './askSignInAfterConnect.ts'
import { openUnsupportedChain } from './openUnsupportedChain.ts'
import { persistActiveNetwork } from './persistActiveNetwork.ts'
import { refreshOnAccountMoved } from './refreshOnAccountMoved.ts'
import { reportKitErrors } from './reportKitErrors.ts'
import { resetOnDisconnect } from './resetOnDisconnect.ts'

/**
 * The rules between an instance's stores that follow the active account and the network (each in
 * its own file): kept network, sign-in asked, data read again or reset, UnsupportedChain opened,
 * errors the visitor saw reported.
 */
export function wireRules(deps: {
  account: ReadableStore<ActiveAccount | undefined>
  network: NetworkController
  storage: LatchStorage
  needsSignIn(): boolean
  modal: ModalController
  router: RouterController
  refreshNativeBalance(target: ActiveAccount): Promise<void>
  identity: Pick<IdentityController, 'load'>
  balances: Pick<BalancesController, 'refresh'>
  /** What holds data of the account (Tokens, Activity, name, names), dropped as it goes. */
  resettables: readonly { reset(): void }[]
  options: Pick<ResolvedOptions, 'allowUnsupportedChain'>
  snackbar: Pick<SnackbarController, 'state'>
  alerts: Pick<AlertsController, 'state'>
  events: Pick<EventsController, 'emit'>
}): void {
  const { account, network, modal, router } = deps
  persistActiveNetwork({ network, storage: deps.storage })
  askSignInAfterConnect({ account, needsSignIn: deps.needsSignIn, modal })
  refreshOnAccountMoved({
    account,
    refreshNativeBalance: deps.refreshNativeBalance,
    identity: deps.identity,
    balances: deps.balances,
  })
  resetOnDisconnect({
    account,
    resettables: deps.resettables,
    modal,
    router,
  })
  openUnsupportedChain({
    network,
    modal,
    router,
    allowUnsupportedChain: deps.options.allowUnsupportedChain,
  })
  reportKitErrors({
    snackbar: deps.snackbar.state,
    alerts: deps.alerts.state,
    events: deps.events,
    view: () => router.state.get().view,
    chain: () => network.state.get().activeNetwork?.caipNetworkId,
  })
}
