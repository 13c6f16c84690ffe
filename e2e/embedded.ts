import { expect, type Frame, type Page } from '@playwright/test'
import { privateKeyToAddress } from 'viem/accounts'
import type { StackInfo } from './fixtures.ts'
import { readCode } from './mail.ts'

/** The embedded wallet's frame in the page (the kit mounts one). */
export async function walletFrame(page: Page, stack: StackInfo): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith(stack.frameUrl)))
    .toBe(true)
  const frame = page.frames().find((candidate) => candidate.url().startsWith(stack.frameUrl))
  if (!frame) throw new Error('no wallet frame in the page')
  return frame
}

/** Types a 6-digit code into the OTP view: the first box takes focus, each digit moves on. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const modal = page.getByRole('dialog')
  await modal.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

/** Opens the modal and asks for a code for `email`; resolves once the code view is shown. */
export async function startEmailLogin(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog')
  await modal.getByLabel('Email').fill(email)
  await modal.getByRole('button', { name: 'Continue', exact: true }).click()
}

/** A full email login on this page: mail number `mailCount` carries the code. */
export async function loginWithEmail(
  page: Page,
  stack: StackInfo,
  email: string,
  mailCount = 1,
): Promise<`0x${string}`> {
  await startEmailLogin(page, email)
  await expect(page.getByRole('dialog').getByText(email)).toBeVisible()
  await enterCode(page, await readCode(stack, email, mailCount))
  await expect(page.getByTestId('demo-account')).toContainText('Connected')
  return connectedAddress(page)
}

/**
 * Sends `method` to the embedded wallet's provider in the page, as a site's own code would. With
 * `wait`, resolves with 'answered' or the error's message; without, at once, the request left to
 * the visitor (its approval screen opens).
 */
export async function askEmbeddedWallet(
  page: Page,
  method: string,
  params: unknown[],
  options: { wait?: boolean } = {},
): Promise<string | undefined> {
  return page.evaluate(
    async ({ method, params, wait }) => {
      type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
      const latch = (
        window as unknown as {
          latchDemo: {
            evm: {
              wagmiConfig: {
                connectors: readonly { id: string; getProvider(): Promise<unknown> }[]
              }
            }
          }
        }
      ).latchDemo
      const connector = latch.evm.wagmiConfig.connectors.find((item) => item.id === 'latchEmbedded')
      if (!connector) throw new Error('no embedded connector')
      const answer = connector
        .getProvider()
        .then((provider) => (provider as Provider).request({ method, params }))
        .then(
          () => 'answered',
          (error: Error) => error.message,
        )
      return wait ? await answer : undefined
    },
    { method, params, wait: options.wait === true },
  )
}

/** The address the demo page shows as connected. */
export async function connectedAddress(page: Page): Promise<`0x${string}`> {
  const text = (await page.getByTestId('demo-account').textContent()) ?? ''
  const address = /0x[0-9a-fA-F]{40}/.exec(text)?.[0]
  if (!address) throw new Error(`no address in "${text}"`)
  return address as `0x${string}`
}

/** The frame's session token, read on the frame's own origin (only a test can do this). */
export async function frameSessionToken(page: Page, stack: StackInfo): Promise<string> {
  const frame = await walletFrame(page, stack)
  const stored = await frame.evaluate(() => localStorage.getItem('latch-frame/session'))
  const token = stored ? (JSON.parse(stored) as { token?: string }).token : undefined
  if (!token) throw new Error('the frame holds no session')
  return token
}

/**
 * Whether any 32-byte hex string in `texts` is the private key of `address`: the check needs no
 * knowledge of the key, only that whoever holds it can derive the address.
 */
export function leaksKeyOf(address: string, texts: readonly string[]): string | undefined {
  for (const text of texts) {
    for (const match of text.matchAll(/(?:0x)?([0-9a-fA-F]{64})(?![0-9a-fA-F])/g)) {
      const candidate = `0x${match[1]}` as const
      try {
        if (privateKeyToAddress(candidate).toLowerCase() === address.toLowerCase()) return text
      } catch {
        // Not a valid secp256k1 scalar: not a key.
      }
    }
  }
  return undefined
}
