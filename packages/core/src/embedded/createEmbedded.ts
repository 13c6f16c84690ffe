import {
  type ConnectedUser,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialLoginProvider,
} from '@latch/protocol/frame'
import type { AccountController, ConnectedWalletInfo } from '../account/index.ts'
import { readPreferredAccountTypes } from '../account/preferredAccountTypes.ts'
import { KNOWN_ALERTS } from '../alerts/knownAlerts.ts'
import type { KnownAlert } from '../alerts/types.ts'
import { LatchError } from '../errors.ts'
import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import type { ModalController } from '../modal/index.ts'
import type { Metadata } from '../options/types.ts'
import { whenIdle } from '../platform/whenIdle.ts'
import type { RouterController } from '../router/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { type LatchStorage, STORAGE_KEYS } from '../storage/index.ts'
import { createStore, type ReadableStore, type Store } from '../store.ts'
import {
  callsStatusMessage,
  embeddedCapabilities,
  type SmartAccountChains,
} from './capabilities.ts'
import type { EmbeddedConnectorOptions } from './connector.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import type { EmbeddedContext, LoginMethod } from './context.ts'
import { createEmbeddedFrame, type FrameTheme } from './embeddedFrame.ts'
import { createFarcasterLogin } from './farcasterLogin.ts'
import { initialEmbeddedState } from './initialState.ts'
import type { ApprovalRequest } from './provider.ts'
import { createSocialLogin } from './socialLogin.ts'
import { openSocialPopup } from './socialPopup.ts'
import {
  defaultTimers,
  type EmbeddedState,
  type FrameClient,
  type PopupWindow,
  type Timers,
} from './types.ts'
import { embeddedAccountPatch, embeddedWalletInfo } from './walletInfo.ts'

/** Email and social login of one Latch instance: `latch.embedded`. */
export type EmbeddedController = {
  readonly state: ReadableStore<EmbeddedState>
  /**
   * Loads the frame and the login flows' code ahead of need, e.g. when the Connect view offers
   * email or social login; once the page is idle, so the view shows first.
   */
  preload(): void
  /** Loads the email flows' code (not the frame); their views call it before they show. */
  loadCode(): Promise<void>
  /** A valid email, not within 30 s of the last attempt; resolves whether a code went out. */
  connectEmail(email: string): Promise<boolean>
  /** Waits for the device approval from the mailed link, until `signal` aborts. */
  awaitDevice(signal?: AbortSignal): Promise<boolean>
  /** Checks the code and connects; resolves false with `state.error` set when refused. */
  connectOtp(otp: string): Promise<boolean>
  resendCode(): Promise<boolean>
  /** Opens the login popup: call it right in the click handler (popup blockers). */
  connectSocial(provider: SocialLoginProvider): Promise<boolean>
  cancelSocial(): void
  /** Opens ConnectingFarcaster and starts a Farcaster login (again, from Try again). */
  connectFarcaster(): Promise<boolean>
  /** Drops the Farcaster login in progress. */
  cancelFarcaster(): void
  /**
   * Resyncs the embedded wallet (the auth connector) with the site: any login in progress there
   * is dropped, and the site's metadata and theme are sent to it again.
   */
  resyncAuthConnector(): void
  updateEmail(email: string): Promise<boolean>
  updateEmailPrimaryOtp(otp: string): Promise<boolean>
  updateEmailSecondaryOtp(otp: string): Promise<boolean>
  /**
   * Draws the frame over `element` (the ApproveTransaction view's placeholder) and keeps it there;
   * the returned function hides it again.
   */
  showFrame(element: Element): () => void
  clearError(): void
  /** The connected wallet info (name, icon, identifier, social) of the current login. */
  walletInfo(): ConnectedWalletInfo
  /**
   * Asks the signed-in user to approve a Solana call (solana_signMessage, ...) on the frame's
   * approval screen, on the Solana network `caipNetworkId`.
   */
  solanaRequest(call: { method: string; params: unknown }, caipNetworkId: string): Promise<unknown>
}

export type EmbeddedDeps = {
  frameUrl: string
  projectId: string
  alerts: { raise(alert: KnownAlert): void }
  snackbar: Pick<SnackbarController, 'showSuccess' | 'showError'>
  router: RouterController
  modal: ModalController
  account: Pick<AccountController, 'update' | 'get'>
  storage: LatchStorage
  theme: FrameTheme
  metadata: Metadata
  /** Connects the embedded connector through wagmi and applies the modal's close rules. */
  connect(method: LoginMethod): Promise<void>
  /** The server's chains with a bundler (and a paymaster): what a smart account can do there. */
  smartAccountChains(): Promise<SmartAccountChains>
  now?: () => number
  timers?: Timers
  /** Makes the frame client; default the iframe client, loaded as a separate chunk. */
  createFrame?: () => Promise<FrameClient>
  openPopup?: () => PopupWindow | null
  /** The state to drive; default a new store (the kit passes the one its views already read). */
  store?: Store<EmbeddedState>
}

export type Embedded = {
  controller: EmbeddedController
  /** What the wagmi connector needs: the frame, the approval flow, the stored session. */
  connector: EmbeddedConnectorOptions
  /** What `controller.preload()` does once the page is idle, done now (the caller waited already). */
  preloadNow(): void
}

/**
 * Creates the embedded wallet side of one instance: the controller views use, and the options of
 * its wagmi connector. Nothing loads until a view or a stored session needs the frame.
 * @example const { controller, connector } = createEmbedded({ frameUrl, projectId, ... })
 */
export function createEmbedded(deps: EmbeddedDeps): Embedded {
  const timers = deps.timers ?? defaultTimers
  const store = deps.store ?? createStore<EmbeddedState>(initialEmbeddedState())
  const sessionKey = STORAGE_KEYS.connectedConnectorId('eip155')

  const frames = createEmbeddedFrame({ ...deps, store, timers })
  const { frame } = frames

  const ctx: EmbeddedContext = {
    store,
    frame,
    router: deps.router,
    modal: deps.modal,
    account: deps.account,
    storage: deps.storage,
    snackbar: deps.snackbar,
    now: deps.now ?? (() => Date.now()),
    timers,
    openPopup: deps.openPopup ?? openSocialPopup,
    connect: deps.connect,
  }
  const social = createSocialLogin(ctx)
  const farcaster = createFarcasterLogin(ctx)
  // Email login and email change are their own chunk: loaded when a login is offered.
  const flows = lazyCode(() =>
    import('./flows.ts').then(({ createEmbeddedFlows }) => createEmbeddedFlows(ctx)),
  )
  // An error belongs to the step that made it: another view, or the modal reopened, starts clean.
  const clearError = () => {
    if (store.get().error !== undefined) store.set({ error: undefined })
  }
  deps.router.state.subscribe((state, previous) => {
    if (state.view !== previous.view) clearError()
  })
  deps.modal.state.subscribe((state, previous) => {
    if (state.open !== previous.open) clearError()
  })

  let approver: Promise<(request: ApprovalRequest) => Promise<unknown>> | undefined
  const approve = async (request: ApprovalRequest) => {
    // The approval flow is needed only once a signature is asked for: its own chunk.
    approver ??= import('./approve.ts').then(({ createApprover }) =>
      createApprover({
        frame,
        modal: deps.modal,
        router: deps.router,
        snackbar: deps.snackbar,
      }),
    )
    return (await approver)(request)
  }

  const walletInfo = () => embeddedWalletInfo(store.get().user, store.get().socialProvider)

  const onUser = (user: ConnectedUser | undefined) => {
    if (!user) {
      deps.storage.removeItem(STORAGE_KEYS.connectedSocialProvider)
      store.set({ user: undefined, step: 'idle', pending: false, newEmail: undefined })
      return
    }
    const previous = store.get()
    const stored = deps.storage.getItem(STORAGE_KEYS.connectedSocialProvider)
    const socialProvider = user.socialProvider ?? previous.socialProvider ?? asProvider(stored)
    store.set({
      user,
      socialProvider,
      // A chain switch while the email is being updated keeps that flow's step.
      ...(previous.user ? {} : { step: 'connected' }),
      ...(user.email ? { email: user.email } : {}),
    })
    deps.account.update('eip155', embeddedAccountPatch(user, socialProvider))
  }

  function preloadNow(): void {
    frame().catch(() => {
      // The load failure is the alert the frame client raised.
    })
    flows.load().catch(() => {
      // Tried again by the first login.
    })
  }

  const controller: EmbeddedController = {
    state: store,
    preload() {
      whenIdle(preloadNow)
    },
    async loadCode() {
      await flows.load()
    },
    connectEmail: deferred(flows, (loaded, email: string) => loaded.connectEmail(email)),
    awaitDevice: deferred(flows, (loaded, signal?: AbortSignal) => loaded.awaitDevice(signal)),
    connectOtp: deferred(flows, (loaded, otp: string) => loaded.connectOtp(otp)),
    resendCode: deferred(flows, (loaded) => loaded.resendCode()),
    connectSocial: (provider) => social.connect(provider),
    cancelSocial: () => social.cancel(),
    connectFarcaster: () => farcaster.connect(),
    cancelFarcaster: () => farcaster.cancel(),
    resyncAuthConnector() {
      frames.resync()
      farcaster.cancel()
    },
    updateEmail: deferred(flows, (loaded, email: string) => loaded.updateEmail(email)),
    updateEmailPrimaryOtp: deferred(flows, (loaded, otp: string) =>
      loaded.updateEmailPrimaryOtp(otp),
    ),
    updateEmailSecondaryOtp: deferred(flows, (loaded, otp: string) =>
      loaded.updateEmailSecondaryOtp(otp),
    ),
    showFrame(element) {
      let stopped = false
      let stop: (() => void) | undefined
      void Promise.all([frames.client(), import('./frameElement.ts')]).then(
        ([loaded, { followElement }]) => {
          if (stopped) return
          const unfollow = followElement(element, (box) => loaded.show(box))
          // Keyboard users land on the frame's buttons once the approval screen is drawn.
          const unfocus = loaded.on('APPROVAL_SHOWN', () => loaded.focus())
          stop = () => {
            unfollow()
            unfocus()
            loaded.hide()
          }
        },
        () => {},
      )
      return () => {
        stopped = true
        stop?.()
      }
    },
    clearError,
    walletInfo,
    async solanaRequest(call, caipNetworkId) {
      if (!store.get().user) throw new LatchError('The embedded wallet is not connected')
      return approve({ method: call.method, params: call.params, caipNetworkId })
    },
  }

  return {
    controller,
    preloadNow,
    connector: {
      frame,
      approve,
      snackbar: deps.snackbar,
      hasStoredSession: () => deps.storage.getItem(sessionKey) === EMBEDDED_CONNECTOR_ID,
      setStoredSession(stored) {
        if (stored) deps.storage.setItem(sessionKey, EMBEDDED_CONNECTOR_ID)
        else if (deps.storage.getItem(sessionKey) === EMBEDDED_CONNECTOR_ID)
          deps.storage.removeItem(sessionKey)
      },
      onUser,
      onSessionExpired: () => deps.alerts.raise(KNOWN_ALERTS.sessionExpired),
      // The site did not pay a smart account's fee as it could have: said, the send went through.
      onNotice: (message) => deps.snackbar.showSuccess(message),
      walletInfo,
      preferredAccountType: () => readPreferredAccountTypes(deps.storage).eip155,
      calls: {
        capabilities: async (user, chainIds) =>
          embeddedCapabilities(user, chainIds, await deps.smartAccountChains()),
        showCallsStatus(status) {
          const { message, failed } = callsStatusMessage(status)
          if (failed) deps.snackbar.showError(message)
          else deps.snackbar.showSuccess(message)
        },
      },
      timers,
    },
  }
}

const asProvider = (value: string | undefined): SocialLoginProvider | undefined =>
  SOCIAL_LOGIN_PROVIDERS.find((provider) => provider === value)
