// Test helper: createEmbedded with real router, modal, account, snackbar and storage around a
// test frame, and a clock the test moves.
import type { ConnectedUser } from '@latch/protocol/frame'
import type { Locale } from '@latch/protocol/i18n'
import { createAccountController } from '../account/index.ts'
import { createModal, type ModalController } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createSnackbar } from '../snackbar/index.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import type { LoginMethod } from './context.ts'
import { createEmbedded } from './createEmbedded.ts'
import { createTestFrame, type FrameHandlers } from './testFrame.ts'
import type { PopupWindow } from './types.ts'

const SOCIAL_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The user a social login through the devnet's provider connects. */
export const socialUser: ConnectedUser = {
  address: SOCIAL_ADDRESS,
  chainId: 31337,
  accounts: [{ address: SOCIAL_ADDRESS, type: 'eoa' }],
  userName: 'ada',
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
  socialProvider: 'dev',
}
/** Where the frame sends the login popup: the provider's authorization URL. */
export const AUTHORIZE_URL = 'http://127.0.0.1:9010/auth?client_id=latch&state=s'

/** A popup the test can close, as the visitor would. */
export function createTestPopup() {
  const popup = {
    closed: false,
    location: { href: 'about:blank' },
    close() {
      popup.closed = true
    },
  }
  return popup satisfies PopupWindow
}

export function setupEmbedded(
  handlers: FrameHandlers,
  options: {
    popup?: PopupWindow | null
    /** What connecting does; default: only record the method. */
    connect?: (method: LoginMethod) => Promise<void>
    /** The modal's theme as the kit reads it (a live object); default dark, no variables. */
    theme?: {
      themeMode: 'dark' | 'light'
      themeVariables: Record<string, string>
      locale?: Locale
      subscribe?(listener: () => void): () => void
    }
  } = {},
) {
  let now = 1_000_000
  let modal: ModalController | undefined
  const account = createAccountController()
  let resync: (() => void) | undefined
  // Wired as createLatch wires it: going back from ConnectingFarcaster unconnected clears the
  // URL, and resyncs the embedded wallet after the go-back delay.
  const router = createRouter({
    closeModal: () => modal?.close(),
    hasConnectedAddress: () => account.get().address !== undefined,
    clearFarcasterUrl: () => account.update('eip155', { farcasterUrl: undefined }),
    resyncAuthConnector: () => resync?.(),
  })
  modal = createModal({
    router,
    isConnected: () => false,
    isSignInRequired: () => false,
    hasSession: () => false,
  })
  const storage = createStorage({ storage: createMemoryStorage() })
  const snackbar = createSnackbar()
  const raised: unknown[] = []
  const alerts = { raise: (alert: unknown) => raised.push(alert) }
  const frame = createTestFrame(handlers)
  const connected: string[] = []
  const popups: (PopupWindow | null)[] = []
  const { controller, connector } = createEmbedded({
    frameUrl: 'http://frame.test',
    projectId: 'latch-dev',
    alerts,
    snackbar,
    router,
    modal,
    account,
    storage,
    theme: options.theme ?? { themeMode: 'dark', themeVariables: {} },
    smartAccountChains: async () => ({ bundler: ['eip155:31337'] }),
    metadata: { name: 'Shop', description: '', url: 'https://shop.example', icons: [] },
    connect: async (method) => {
      connected.push(method)
      await options.connect?.(method)
    },
    now: () => now,
    createFrame: async () => frame,
    openPopup: () => {
      const popup = options.popup === undefined ? createTestPopup() : options.popup
      popups.push(popup)
      return popup
    },
  })
  resync = () => controller.resyncAuthConnector()
  modal.open()
  return {
    embedded: controller,
    connector,
    frame,
    router,
    modal,
    account,
    storage,
    snackbar,
    connected,
    popups,
    raised,
    /** The requests the flow made, without the theme and site syncs. */
    asked: () =>
      frame.requests
        .filter((request) => !request.name.startsWith('SYNC_'))
        .map((request) => request.name),
    advance(ms: number) {
      now += ms
    },
  }
}
