import type { ConnectedUser } from '@latch/protocol/frame'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../storage/index.ts'
import { cooldownMessage } from './cooldown.ts'
import { FrameRequestError } from './errors.ts'
import { setupEmbedded } from './testEmbedded.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const user: ConnectedUser = {
  email: 'ada@example.com',
  address: ADDRESS,
  chainId: 31337,
  accounts: [{ address: ADDRESS, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

describe('cooldownMessage (a second email within 30 s waits)', () => {
  it('says how many whole seconds are left, rounded up', () => {
    expect(cooldownMessage(0, 30_000)?.english).toBe('Please try again after 30 seconds')
    expect(cooldownMessage(10_001, 30_000)?.english).toBe('Please try again after 20 seconds')
    expect(cooldownMessage(29_999, 30_000)?.english).toBe('Please try again after 1 seconds')
    expect(cooldownMessage(30_000, 30_000)).toBeUndefined()
    expect(cooldownMessage(0, undefined)).toBeUndefined()
  })
})

describe('email login (a valid email, 30 s between codes)', () => {
  it('sends the code and shows EmailVerifyOtp', async () => {
    const { embedded, frame, router } = setupEmbedded({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    })
    expect(await embedded.connectEmail(' ada@example.com ')).toBe(true)
    expect(frame.requests).toContainEqual({
      name: 'CONNECT_EMAIL',
      payload: { email: 'ada@example.com' },
    })
    expect(router.state.get().view).toBe('EmailVerifyOtp')
    expect(embedded.state.get()).toMatchObject({ step: 'verifyOtp', email: 'ada@example.com' })
  })

  it('refuses an address that is not an email, without asking the frame', async () => {
    const { embedded, asked } = setupEmbedded({ CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }) })
    expect(await embedded.connectEmail('ada@example')).toBe(false)
    expect(embedded.state.get().error).toBe('Enter a valid email address, like name@example.com')
    expect(asked()).toEqual([])
  })

  it('refuses a second attempt within 30 s with the seconds left, without asking the frame', async () => {
    const { embedded, asked, advance, router } = setupEmbedded({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    })
    await embedded.connectEmail('ada@example.com')
    router.goBack()
    advance(10_000)
    expect(await embedded.connectEmail('bob@example.com')).toBe(false)
    expect(embedded.state.get().error).toMatchObject({
      english: 'Please try again after 20 seconds',
    })
    advance(19_500)
    expect(await embedded.connectEmail('bob@example.com')).toBe(false)
    expect(embedded.state.get().error).toMatchObject({
      english: 'Please try again after 1 seconds',
    })
    expect(asked()).toEqual(['CONNECT_EMAIL'])
    advance(500)
    expect(await embedded.connectEmail('bob@example.com')).toBe(true)
    expect(embedded.state.get().error).toBeUndefined()
    expect(asked()).toEqual(['CONNECT_EMAIL', 'CONNECT_EMAIL'])
  })

  it("shows the server's refusal as-is", async () => {
    const { embedded } = setupEmbedded({
      CONNECT_EMAIL: () => {
        throw new FrameRequestError('Please try again after 12 seconds')
      },
    })
    expect(await embedded.connectEmail('ada@example.com')).toBe(false)
    expect(embedded.state.get()).toMatchObject({
      error: 'Please try again after 12 seconds',
      pending: false,
    })
  })

  it('resends the code only 30 s after the last send', async () => {
    const { embedded, asked, advance } = setupEmbedded({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    })
    await embedded.connectEmail('ada@example.com')
    advance(3_000)
    expect(await embedded.resendCode()).toBe(false)
    expect(embedded.state.get().error).toMatchObject({
      english: 'Please try again after 27 seconds',
    })
    advance(27_000)
    expect(await embedded.resendCode()).toBe(true)
    expect(asked()).toEqual(['CONNECT_EMAIL', 'CONNECT_EMAIL'])
    const { resendAvailableAt, lastEmailAttemptAt } = embedded.state.get()
    expect(resendAvailableAt).toBe((lastEmailAttemptAt ?? Number.NaN) + 30_000)
  })

  it('connects with the right code; a wrong one leaves the server message', async () => {
    let tries = 0
    const { embedded, connected, storage } = setupEmbedded({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: ({ otp }) => {
        tries++
        if (otp !== '123456') throw new FrameRequestError('Invalid code')
        return user
      },
    })
    storage.setItem(STORAGE_KEYS.connectedSocialProvider, 'google')
    await embedded.connectEmail('ada@example.com')
    expect(await embedded.connectOtp('12345')).toBe(false)
    expect(embedded.state.get().error).toBe('The code has 6 digits')
    expect(tries).toBe(0)
    expect(await embedded.connectOtp('654321')).toBe(false)
    expect(embedded.state.get().error).toBe('Invalid code')
    expect(connected).toEqual([])
    expect(await embedded.connectOtp('123456')).toBe(true)
    expect(connected).toEqual(['email'])
    expect(embedded.state.get()).toMatchObject({ step: 'connected', user, error: undefined })
    expect(embedded.walletInfo()).toEqual({ name: 'Email', identifier: 'ada@example.com' })
    expect(storage.getItem(STORAGE_KEYS.connectedSocialProvider)).toBeUndefined()
  })

  it('waits for the device approval, then asks for the code', async () => {
    const answers = [false, false, true]
    const { embedded, router, asked } = setupEmbedded({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
      CONNECT_DEVICE: () => ({ approved: answers.shift() ?? false }),
    })
    await embedded.connectEmail('ada@example.com')
    expect(router.state.get().view).toBe('EmailVerifyDevice')
    expect(await embedded.awaitDevice()).toBe(true)
    expect(asked()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_DEVICE', 'CONNECT_DEVICE'])
    expect(router.state.get().history).toEqual(['Connect', 'EmailVerifyOtp'])
    expect(embedded.state.get().step).toBe('verifyOtp')
  })

  it('stops waiting for the device when aborted', async () => {
    const controller = new AbortController()
    const { embedded, router, asked } = setupEmbedded({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
      CONNECT_DEVICE: () => {
        controller.abort()
        return { approved: true }
      },
    })
    await embedded.connectEmail('ada@example.com')
    expect(await embedded.awaitDevice(controller.signal)).toBe(false)
    expect(asked()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE'])
    expect(router.state.get().view).toBe('EmailVerifyDevice')
  })

  it('updates the email with a code to each address, then shows Account', async () => {
    const { embedded, connector, router, account, asked, snackbar } = setupEmbedded({
      UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
      UPDATE_EMAIL_PRIMARY_OTP: () => ({ action: 'VERIFY_SECONDARY_OTP' }),
      UPDATE_EMAIL_SECONDARY_OTP: () => ({ email: 'ada@new.example' }),
    })
    connector.onUser(user)
    router.reset('Account')
    expect(await embedded.updateEmail('not an email')).toBe(false)
    expect(embedded.state.get().error).toBe('Enter a valid email address, like name@example.com')
    expect(await embedded.updateEmail('ada@new.example')).toBe(true)
    expect(router.state.get().view).toBe('UpdateEmailPrimaryOtp')
    expect(await embedded.updateEmailPrimaryOtp('111111')).toBe(true)
    expect(router.state.get().view).toBe('UpdateEmailSecondaryOtp')
    expect(await embedded.updateEmailSecondaryOtp('222222')).toBe(true)
    expect(asked()).toEqual([
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
    ])
    expect(router.state.get().history).toEqual(['Account'])
    expect(account.get().user?.email).toBe('ada@new.example')
    expect(account.get().connectedWalletInfo?.identifier).toBe('ada@new.example')
    expect(snackbar.state.get().message).toBe('Email updated')
  })
})

describe('the frame wears the modal theme', () => {
  it('sends the theme (and language) once, and again only after the site changed it', async () => {
    const theme: {
      themeMode: 'dark' | 'light'
      themeVariables: Record<string, string>
      locale?: 'ar'
    } = {
      themeMode: 'dark',
      themeVariables: {},
    }
    const { embedded, frame, advance } = setupEmbedded(
      { CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }), SYNC_THEME: () => ({}) },
      { theme },
    )
    const themes = () =>
      frame.requests.filter((request) => request.name === 'SYNC_THEME').map((r) => r.payload)
    await embedded.connectEmail('ada@example.com')
    expect(themes()).toEqual([{ themeMode: 'dark', themeVariables: {} }])

    theme.themeMode = 'light'
    advance(30_000)
    await embedded.connectEmail('ada@example.com')
    advance(30_000)
    await embedded.connectEmail('ada@example.com')
    expect(themes()).toEqual([
      { themeMode: 'dark', themeVariables: {} },
      { themeMode: 'light', themeVariables: {} },
    ])

    // The modal's language goes with it: the approval screen speaks it.
    theme.locale = 'ar'
    advance(30_000)
    await embedded.connectEmail('ada@example.com')
    expect(themes().at(-1)).toEqual({ themeMode: 'light', themeVariables: {}, locale: 'ar' })
  })

  it('follows a change at once once the frame is loaded, with no request on the way', async () => {
    const listeners = new Set<() => void>()
    const theme = {
      themeMode: 'dark' as 'dark' | 'light',
      themeVariables: {},
      locale: undefined as 'ar' | undefined,
      subscribe(listener: () => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }
    const change = (patch: Partial<Pick<typeof theme, 'themeMode' | 'locale'>>) => {
      Object.assign(theme, patch)
      for (const listener of listeners) listener()
    }
    const { embedded, frame } = setupEmbedded(
      { CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }), SYNC_THEME: () => ({}) },
      { theme },
    )
    const themes = () =>
      frame.requests.filter((request) => request.name === 'SYNC_THEME').map((r) => r.payload)
    // Not loaded yet: a change loads nothing, the first request carries it.
    change({ themeMode: 'light' })
    expect(frame.requests).toEqual([])
    await embedded.connectEmail('ada@example.com')
    expect(themes()).toEqual([{ themeMode: 'light', themeVariables: {} }])

    change({ locale: 'ar' })
    change({ themeMode: 'dark' })
    // The same theme again is not sent twice.
    change({ themeMode: 'dark' })
    expect(themes()).toEqual([
      { themeMode: 'light', themeVariables: {} },
      { themeMode: 'light', themeVariables: {}, locale: 'ar' },
      { themeMode: 'dark', themeVariables: {}, locale: 'ar' },
    ])
  })
})
