import { randomBytes } from 'node:crypto'
import type { StackInfo } from './fixtures.ts'

type CaughtMail = { id: string; to: string[]; subject: string; text: string; receivedAt: string }

/** A fresh address no other test uses, so each test has its own user and inbox. */
export function freshEmail(tag = 'visitor'): string {
  return `${tag}-${randomBytes(5).toString('hex')}@example.test`
}

function inboxUrl(stack: StackInfo): string {
  const mail = stack.devnet.mail
  if (!mail) throw new Error('the devnet manifest has no mail catcher')
  return mail.inboxUrl
}

/** The messages the devnet's mail catcher holds for `to`, oldest first. */
export async function mailsTo(stack: StackInfo, to: string): Promise<CaughtMail[]> {
  const url = new URL('/messages', inboxUrl(stack))
  url.searchParams.set('to', to)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`mail inbox answered ${response.status}`)
  return (await response.json()) as CaughtMail[]
}

/** Waits for mail number `count` (1-based) to `to` and returns it. */
export async function waitForMail(
  stack: StackInfo,
  to: string,
  count: number,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mails = await mailsTo(stack, to)
    const mail = mails[count - 1]
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail number ${count} to ${to} within ${timeoutMs} ms`)
}

/** The 6-digit code in mail number `count` to `to`. */
export async function readCode(stack: StackInfo, to: string, count = 1): Promise<string> {
  const mail = await waitForMail(stack, to, count)
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!code) throw new Error(`mail "${mail.subject}" has no 6-digit code`)
  return code
}

/** The device-approval link in mail number `count` to `to`. */
export async function readLink(stack: StackInfo, to: string, count = 1): Promise<string> {
  const mail = await waitForMail(stack, to, count)
  const link = /https?:\/\/\S+\/wallet\/v1\/device\/approve\?token=[\w-]+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`mail "${mail.subject}" has no approval link`)
  return link
}
