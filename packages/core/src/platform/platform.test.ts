import { describe, expect, it } from 'vitest'
import { isIosSafari, isMobile, isTelegram } from './platform.ts'

const agents = {
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
}

describe('platform', () => {
  it('tells phones and tablets from desktops', () => {
    expect(isMobile({ userAgent: agents.desktopChrome })).toBe(false)
    expect(isMobile({ userAgent: agents.iphoneSafari })).toBe(true)
    expect(isMobile({ userAgent: agents.android })).toBe(true)
    expect(isMobile({ userAgent: agents.ipadDesktopMode, maxTouchPoints: 5 })).toBe(true)
    expect(isMobile({ userAgent: agents.ipadDesktopMode, maxTouchPoints: 0 })).toBe(false)
    expect(isMobile(undefined)).toBe(false)
  })

  it('finds Safari on iOS, not Chrome on iOS nor Safari on a Mac', () => {
    expect(isIosSafari({ userAgent: agents.iphoneSafari })).toBe(true)
    expect(isIosSafari({ userAgent: agents.ipadDesktopMode, maxTouchPoints: 5 })).toBe(true)
    expect(isIosSafari({ userAgent: agents.iphoneChrome })).toBe(false)
    expect(isIosSafari({ userAgent: agents.ipadDesktopMode, maxTouchPoints: 0 })).toBe(false)
    expect(isIosSafari({ userAgent: agents.android })).toBe(false)
  })

  it('finds Telegram by its web app object, its webview proxy or its user agent', () => {
    const plain = { userAgent: agents.android }
    expect(isTelegram(plain, {})).toBe(false)
    expect(isTelegram(plain, { Telegram: { WebApp: {} } })).toBe(true)
    expect(isTelegram(plain, { TelegramWebviewProxy: {} })).toBe(true)
    expect(isTelegram({ userAgent: `${agents.android} Telegram-Android/11.5` }, {})).toBe(true)
  })
})
