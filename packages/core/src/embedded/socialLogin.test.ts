import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../storage/index.ts'
import { FrameRequestError } from './errors.ts'
import {
  AUTHORIZE_URL as AUTHORIZE,
  createTestPopup,
  setupEmbedded,
  socialUser as user,
} from './testEmbedded.ts'

describe('social login', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opens the popup within the click, sends it to the provider, connects once answered', async () => {
    const answers: ('pending' | 'connected')[] = ['pending', 'connected']
    const popup = createTestPopup()
    const { embedded, popups, router, account, connected, asked, storage } = setupEmbedded(
      {
        GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }),
        CONNECT_SOCIAL: () =>
          answers.shift() === 'connected' ? { status: 'connected', user } : { status: 'pending' },
      },
      { popup },
    )
    const done = embedded.connectSocial('dev')
    // Before any await: a popup opened later would be blocked.
    expect(popups).toEqual([popup])
    expect(router.state.get().view).toBe('ConnectingSocial')
    expect(router.state.get().data?.social).toBe('dev')
    expect(account.get().socialWindow).toBe(popup)
    expect(await done).toBe(true)
    expect(popup.location.href).toBe(AUTHORIZE)
    expect(popup.closed).toBe(true)
    expect(asked()).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL', 'CONNECT_SOCIAL'])
    expect(connected).toEqual(['social'])
    expect(storage.getItem(STORAGE_KEYS.connectedSocialProvider)).toBe('dev')
    expect(account.get().socialWindow).toBeUndefined()
    expect(embedded.walletInfo()).toEqual({ name: 'Devnet', identifier: 'ada', social: 'dev' })
  })

  it("calls a popup the visitor closed 'Login cancelled' and tells the frame", async () => {
    const popup = createTestPopup()
    const { embedded, asked, connected } = setupEmbedded(
      {
        GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }),
        // The long poll waits: the visitor never logs in.
        CONNECT_SOCIAL: () => new Promise(() => {}),
        CANCEL_SOCIAL: () => ({}),
      },
      { popup },
    )
    const done = embedded.connectSocial('dev')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(embedded.state.get().error).toBeUndefined()
    popup.close()
    // Polled every 500 ms, then a grace for a result already on its way.
    await vi.advanceTimersByTimeAsync(500 + 1_999)
    expect(embedded.state.get().error).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(embedded.state.get()).toMatchObject({ error: 'Login cancelled', pending: false })
    expect(asked()).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL', 'CANCEL_SOCIAL'])
    expect(await done).toBe(false)
    expect(connected).toEqual([])
  })

  it('still connects when the callback page closed the popup itself', async () => {
    const popup = createTestPopup()
    let finish: (() => void) | undefined
    const { embedded, asked, connected } = setupEmbedded(
      {
        GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }),
        CONNECT_SOCIAL: () =>
          new Promise((resolve) => {
            finish = () => resolve({ status: 'connected', user })
          }),
      },
      { popup },
    )
    const done = embedded.connectSocial('dev')
    await vi.advanceTimersByTimeAsync(600)
    popup.close()
    await vi.advanceTimersByTimeAsync(900)
    finish?.()
    expect(await done).toBe(true)
    expect(connected).toEqual(['social'])
    expect(asked()).not.toContain('CANCEL_SOCIAL')
  })

  it('drops the login when the visitor leaves the view', async () => {
    const popup = createTestPopup()
    const { embedded, router, asked } = setupEmbedded(
      {
        GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }),
        CONNECT_SOCIAL: () => new Promise(() => {}),
        CANCEL_SOCIAL: () => ({}),
      },
      { popup },
    )
    const done = embedded.connectSocial('dev')
    await vi.advanceTimersByTimeAsync(0)
    router.goBack()
    expect(popup.closed).toBe(true)
    expect(await done).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(asked()).toContain('CANCEL_SOCIAL')
    expect(embedded.state.get()).toMatchObject({ step: 'idle', error: undefined })
  })

  it('says so when the popup was blocked', async () => {
    const { embedded, asked } = setupEmbedded({}, { popup: null })
    expect(await embedded.connectSocial('google')).toBe(false)
    expect(embedded.state.get().error).toMatch(/blocked/)
    expect(asked()).toEqual([])
  })

  it("shows the frame's error, e.g. a provider the server does not offer", async () => {
    const popup = createTestPopup()
    const { embedded } = setupEmbedded(
      {
        GET_SOCIAL_REDIRECT_URI: () => {
          throw new FrameRequestError('Social provider google is not configured')
        },
        CANCEL_SOCIAL: () => ({}),
      },
      { popup },
    )
    expect(await embedded.connectSocial('google')).toBe(false)
    expect(embedded.state.get().error).toBe('Social provider google is not configured')
    expect(popup.closed).toBe(true)
  })
})
