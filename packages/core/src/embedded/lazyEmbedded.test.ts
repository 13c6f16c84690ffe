import { describe, expect, it } from 'vitest'
import { createAccountController } from '../account/index.ts'
import { NETWORK_UNREACHABLE } from '../displayMessage.ts'
import { createModal, type ModalController } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createSnackbar } from '../snackbar/index.ts'
import { createMemoryStorage, createStorage, STORAGE_KEYS } from '../storage/index.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import { createLazyEmbedded } from './lazyEmbedded.ts'
import { standInConnector } from './standInConnector.ts'
import { AUTHORIZE_URL as AUTHORIZE, createTestPopup, socialUser as user } from './testEmbedded.ts'
import { createTestFrame, type FrameHandlers } from './testFrame.ts'
import type { PopupWindow } from './types.ts'

/** The kit's stand-in, with a test frame whose creation is counted (the code loads with it). */
function setup(
  handlers: FrameHandlers = {},
  importCode?: Parameters<typeof createLazyEmbedded>[1],
) {
  let modal: ModalController | undefined
  const router = createRouter({ closeModal: () => modal?.close() })
  modal = createModal({
    router,
    isConnected: () => false,
    isSignInRequired: () => false,
    hasSession: () => false,
  })
  const storage = createStorage({ storage: createMemoryStorage() })
  const frame = createTestFrame(handlers)
  const popups: (PopupWindow | null)[] = []
  const connected: string[] = []
  let framesMade = 0
  const snackbar = createSnackbar()
  const embedded = createLazyEmbedded(
    {
      frameUrl: 'http://frame.test',
      projectId: 'latch-dev',
      alerts: { raise: () => {} },
      snackbar,
      router,
      modal,
      account: createAccountController(),
      storage,
      theme: { themeMode: 'dark', themeVariables: {} },
      metadata: { name: 'Shop', description: '', url: 'https://shop.example', icons: [] },
      smartAccountChains: async () => ({}),
      connect: async (method) => {
        connected.push(method)
      },
      createFrame: async () => {
        framesMade++
        return frame
      },
      openPopup: () => {
        const popup = createTestPopup()
        popups.push(popup)
        return popup
      },
    },
    importCode,
  )
  modal.open()
  return {
    ...embedded,
    router,
    storage,
    frame,
    popups,
    connected,
    snackbar,
    framesMade: () => framesMade,
  }
}

describe('the embedded wallet before its code loaded', () => {
  it('opens a social login popup inside the click, and the login goes on in it', async () => {
    const answers = ['pending', 'connected']
    const { controller, popups, router, connected } = setup({
      GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }),
      CONNECT_SOCIAL: () =>
        answers.shift() === 'connected' ? { status: 'connected', user } : { status: 'pending' },
    })
    const done = controller.connectSocial('dev')
    // Synchronously, as a click handler would see it: a popup opened after an await is blocked.
    expect(popups).toHaveLength(1)
    expect(await done).toBe(true)
    // The one popup, sent to the provider: no second window.
    expect(popups).toHaveLength(1)
    expect(popups[0]?.location.href).toBe(AUTHORIZE)
    expect(router.state.get().data?.social).toBe('dev')
    expect(connected).toEqual(['social'])
  })

  it('answers wagmi at start without loading anything when no session was stored', async () => {
    const { standIn, framesMade } = setup()
    const wagmiConnector = standInConnector(standIn)({
      chains: [{ id: 31337 }],
      emitter: { emit: () => {} },
    } as never)
    expect(await wagmiConnector.isAuthorized()).toBe(false)
    await expect(wagmiConnector.getProvider()).rejects.toThrow('not in use')
    expect(await wagmiConnector.getAccounts()).toEqual([])
    expect(framesMade()).toBe(0)
  })

  it('restores a stored session through the real connector', async () => {
    const { standIn, storage, framesMade } = setup({
      IS_CONNECTED: () => ({ isConnected: true }),
    })
    storage.setItem(STORAGE_KEYS.connectedConnectorId('eip155'), EMBEDDED_CONNECTOR_ID)
    const wagmiConnector = standInConnector(standIn)({
      chains: [{ id: 31337 }],
      emitter: { emit: () => {} },
    } as never)
    expect(await wagmiConnector.isAuthorized()).toBe(true)
    expect(framesMade()).toBe(1)
  })

  it('closes the blank popup when the code cannot load, and the next login opens its own', async () => {
    let failures = 1
    const { controller, popups, connected, snackbar } = setup(
      {
        GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }),
        CONNECT_SOCIAL: () => ({ status: 'connected', user }),
      },
      () =>
        failures-- > 0
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : import('./createEmbedded.ts'),
    )
    expect(await controller.connectSocial('dev')).toBe(false)
    expect(snackbar.state.get()).toMatchObject({ variant: 'error', message: NETWORK_UNREACHABLE })
    expect(popups).toHaveLength(1)
    expect(popups[0]?.closed).toBe(true)
    // The code arrives another way (an email login); the next social login is not sent to the
    // window closed above.
    await controller.loadCode()
    expect(await controller.connectSocial('dev')).toBe(true)
    expect(popups).toHaveLength(2)
    expect(popups[1]?.location.href).toBe(AUTHORIZE)
    expect(connected).toEqual(['social'])
  })
})
