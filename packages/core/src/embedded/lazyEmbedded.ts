import { displayMessage } from '../displayMessage.ts'
import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import { whenIdle } from '../platform/whenIdle.ts'
import { STORAGE_KEYS } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import type { EmbeddedController, EmbeddedDeps } from './createEmbedded.ts'
import { initialEmbeddedState } from './initialState.ts'
import { openSocialPopup } from './socialPopup.ts'
import type { EmbeddedStandIn } from './standInConnector.ts'
import type { EmbeddedState, PopupWindow } from './types.ts'
import { embeddedWalletInfo } from './walletInfo.ts'

/** The embedded wallet of an instance: `latch.embedded`, and what the EVM family's connector reads. */
export type LazyEmbedded = ReturnType<typeof createLazyEmbedded>

/**
 * `latch.embedded`, with its code (createEmbedded, the connector, the frame) loaded once needed:
 * when the Connect view offers a login, on the first call, or at start for a visitor whose earlier
 * visit left a session. Until then only the state is here, and the EVM family's stand-in connector
 * answers wagmi's start-up questions (not authorized, no provider) without loading.
 */
export function createLazyEmbedded(
  deps: Omit<EmbeddedDeps, 'store'>,
  /** Where the code comes from: a test makes its load fail, as a chunk the network lost. */
  importCode: () => Promise<typeof import('./createEmbedded.ts')> = () =>
    import('./createEmbedded.ts'),
): {
  controller: EmbeddedController
  /** What the EVM family's wagmi connector for the embedded wallet reads (standInConnector). */
  standIn: EmbeddedStandIn
} {
  const store = createStore<EmbeddedState>(initialEmbeddedState())
  const openPopup = deps.openPopup ?? openSocialPopup
  // A popup opened inside a click before the code was here, for the login to take over.
  let opened: { popup: PopupWindow | null } | undefined
  const code = lazyCode(() =>
    importCode().then(({ createEmbedded }) =>
      createEmbedded({
        ...deps,
        store,
        openPopup() {
          const waiting = opened
          opened = undefined
          return waiting ? waiting.popup : openPopup()
        },
      }),
    ),
  )
  const hasStoredSession = () =>
    deps.storage.getItem(STORAGE_KEYS.connectedConnectorId('eip155')) === EMBEDDED_CONNECTOR_ID
  const walletInfo = () => embeddedWalletInfo(store.get().user, store.get().socialProvider)

  const controller: EmbeddedController = {
    state: store,
    preload() {
      // Once idle, the code, then at once what it preloads (it would wait for idle again).
      whenIdle(() => {
        code.load().then(
          (embedded) => embedded.preloadNow(),
          () => {},
        )
      })
    },
    async loadCode() {
      const embedded = await code.load()
      await embedded.controller.loadCode()
    },
    connectEmail: deferred(code, (embedded, email: string) =>
      embedded.controller.connectEmail(email),
    ),
    awaitDevice: deferred(code, (embedded, signal?: AbortSignal) =>
      embedded.controller.awaitDevice(signal),
    ),
    connectOtp: deferred(code, (embedded, otp: string) => embedded.controller.connectOtp(otp)),
    resendCode: deferred(code, (embedded) => embedded.controller.resendCode()),
    connectSocial(provider) {
      const embedded = code.current()
      if (embedded) return embedded.controller.connectSocial(provider)
      // Inside the click, before anything loads: a popup opened later would be blocked.
      const waiting = { popup: openPopup() }
      opened = waiting
      return code.load().then(
        (loaded) => loaded.controller.connectSocial(provider),
        (error: unknown) => {
          // No login will come to the blank window: closed, and not handed to a later login. The
          // visitor is told why, as a failed login would (the views do not wait on this call).
          if (opened === waiting) opened = undefined
          waiting.popup?.close()
          deps.snackbar.showError(displayMessage(error))
          return false
        },
      )
    },
    cancelSocial: () => code.current()?.controller.cancelSocial(),
    connectFarcaster() {
      const embedded = code.current()
      if (embedded) return embedded.controller.connectFarcaster()
      // The view shows at once; its login starts once the code is here.
      store.set({ farcaster: { status: 'starting' } })
      deps.router.push('ConnectingFarcaster')
      return code.load().then(
        (loaded) => loaded.controller.connectFarcaster(),
        (error: unknown) => {
          store.set({ farcaster: { status: 'error', error: displayMessage(error) } })
          return false
        },
      )
    },
    cancelFarcaster: () => code.current()?.controller.cancelFarcaster(),
    // Nothing to resync before the code loaded: the frame was never told anything.
    resyncAuthConnector: () => code.current()?.controller.resyncAuthConnector(),
    updateEmail: deferred(code, (embedded, email: string) =>
      embedded.controller.updateEmail(email),
    ),
    updateEmailPrimaryOtp: deferred(code, (embedded, otp: string) =>
      embedded.controller.updateEmailPrimaryOtp(otp),
    ),
    updateEmailSecondaryOtp: deferred(code, (embedded, otp: string) =>
      embedded.controller.updateEmailSecondaryOtp(otp),
    ),
    showFrame(element) {
      const embedded = code.current()
      if (embedded) return embedded.controller.showFrame(element)
      let stopped = false
      let stop = () => {}
      code.load().then(
        (loaded) => {
          if (!stopped) stop = loaded.controller.showFrame(element)
        },
        () => {},
      )
      return () => {
        stopped = true
        stop()
      }
    },
    clearError() {
      const embedded = code.current()
      if (embedded) embedded.controller.clearError()
      else if (store.get().error !== undefined) store.set({ error: undefined })
    },
    walletInfo,
    solanaRequest: deferred(
      code,
      (embedded, call: { method: string; params: unknown }, caipNetworkId: string) =>
        embedded.controller.solanaRequest(call, caipNetworkId),
    ),
  }

  // What the EVM family's stand-in connector (standInConnector.ts, in its chunk) reads.
  const standIn: EmbeddedStandIn = {
    walletInfo,
    hasStoredSession,
    loadConnector: async () => {
      const [{ embeddedConnector }, embedded] = await Promise.all([
        import('./connector.ts'),
        code.load(),
      ])
      return embeddedConnector(embedded.connector)
    },
  }

  return { controller, standIn }
}
