/** What the kit needs to know about where it runs; read at call time, so SSR-safe. */
type Navigatorish = { userAgent?: string; maxTouchPoints?: number }

function userAgent(nav: Navigatorish | undefined = globalThis.navigator): string {
  return nav?.userAgent ?? ''
}

/** A phone or tablet, where wallets are apps reached by deep links rather than QR codes. */
export function isMobile(nav: Navigatorish | undefined = globalThis.navigator): boolean {
  const agent = userAgent(nav)
  if (/Android|iPhone|iPod|iPad|Mobile|Opera Mini|IEMobile/i.test(agent)) return true
  // iPadOS reports itself as a Mac; only its touch points give it away.
  return /Macintosh/.test(agent) && (nav?.maxTouchPoints ?? 0) > 1
}

/** Telegram's in-app browser or a Telegram mini app (a pending WalletConnect pairing is reused). */
export function isTelegram(
  nav: Navigatorish | undefined = globalThis.navigator,
  scope: object = globalThis,
): boolean {
  const telegram = (scope as { Telegram?: { WebApp?: unknown } }).Telegram
  return (
    Boolean(telegram?.WebApp) || 'TelegramWebviewProxy' in scope || /Telegram/i.test(userAgent(nav))
  )
}

/** Safari on iPhone or iPad, not another browser on iOS (they all say "Safari"). */
export function isIosSafari(nav: Navigatorish | undefined = globalThis.navigator): boolean {
  const agent = userAgent(nav)
  const ios = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && isMobile(nav))
  return ios && /Safari/.test(agent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA|Telegram/.test(agent)
}
