import { randomBytes } from 'node:crypto'
import { expect, inject } from 'vitest'
import type { TestServer } from './helpers.ts'

/** One mail the devnet's catcher kept. */
export type CaughtMail = { to: string[]; subject: string; text: string; html?: string }

let callCount = 0

/** A fresh address per test: the catcher and every per-email rule are shared by the whole run. */
export const newEmail = (label = 'user') =>
  `${label}-${randomBytes(5).toString('hex')}@example.test`.toLowerCase()

/** A device id as the frame makes one: random, URL-safe. */
export const newDeviceId = () => randomBytes(18).toString('base64url')

/** A distinct client IP per call unless a test picks one: only limit tests share an IP. */
export const nextIp = () => `198.51.${Math.floor(callCount / 250) % 250}.${(callCount++ % 250) + 1}`

/**
 * A call to the wallet API as the frame page makes it: POST with the frame's Origin (or `origin`,
 * or none with `origin: null`), the session token as Bearer when given.
 */
export function walletCall(
  server: TestServer,
  route: string,
  body: unknown = {},
  options: { token?: string; origin?: string | null; ip?: string } = {},
) {
  const origin = options.origin === undefined ? server.frameUrl : options.origin
  return server.frame.inject({
    method: 'POST',
    url: `/wallet/v1/${route}`,
    headers: {
      ...(origin !== null && { origin }),
      ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
    },
    payload: body as object,
    remoteAddress: options.ip ?? nextIp(),
  })
}

/** The mails the catcher holds for `to`, oldest first. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const inbox = inject('devnet').mail?.inboxUrl
  if (!inbox) throw new Error('the devnet has no mail catcher')
  const response = await fetch(`${inbox}/messages?to=${encodeURIComponent(to)}`)
  return (await response.json()) as CaughtMail[]
}

/** Waits until `to` has more than `seen` mails; returns the newest. */
export async function nextMail(to: string, seen: number): Promise<CaughtMail> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const mails = await mailsTo(to)
    if (mails.length > seen) return mails.at(-1) as CaughtMail
    if (Date.now() > deadline) throw new Error(`no mail to ${to} after ${seen}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The 6-digit code of a code mail (in its subject and its text). */
export function codeOf(mail: CaughtMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1]
  if (!code) throw new Error(`no code in mail "${mail.subject}"`)
  expect(mail.text).toContain(code)
  return code
}

/** Starts an email login and returns the code the mail brought. */
export async function requestCode(server: TestServer, email: string, deviceId: string) {
  const seen = (await mailsTo(email)).length
  const started = await walletCall(server, 'email/start', {
    email,
    deviceId,
    projectId: 'latch-dev',
  })
  expect(started.json()).toEqual({ action: 'VERIFY_OTP' })
  return codeOf(await nextMail(email, seen))
}

export type WalletSession = {
  sessionToken: string
  expiresAt: string
  user: { address: `0x${string}`; email?: string; chainId: number; socialProvider?: string }
}

/** A whole email login: start, the code from the mail, verify. */
export async function loginByEmail(
  server: TestServer,
  email = newEmail(),
  deviceId = newDeviceId(),
): Promise<WalletSession & { email: string; deviceId: string }> {
  const code = await requestCode(server, email, deviceId)
  const verified = await walletCall(server, 'email/verify', { email, otp: code, deviceId })
  expect(verified.statusCode, verified.body).toBe(200)
  return { ...(verified.json() as WalletSession), email, deviceId }
}
