import { devnetFarcasterApp } from '@latch/test-wallet/farcaster'
import type { Page } from '@playwright/test'
import { connectedAddress, frameSessionToken } from '../embedded.ts'
import { expect, type StackInfo, test } from '../fixtures.ts'
import { readQrCode } from '../qr.ts'

type Demo = { latchDemo: { account: { get(): { farcasterUrl?: string } } } }

/** Opens the modal, picks Farcaster, and reads the channel's URL off the QR code's pixels. */
async function openFarcasterQr(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog')
  await modal.getByRole('button', { name: 'Log in with Farcaster' }).click()
  await expect(modal.getByTestId('latch-connecting-farcaster')).toHaveAttribute(
    'data-status',
    'waiting',
  )
  return readQrCode(modal.getByRole('img', { name: 'QR code to sign in with Farcaster' }))
}

const farcasterUrl = (page: Page) =>
  page.evaluate(() => (window as unknown as Demo).latchDemo.account.get().farcasterUrl ?? null)

function app(stack: StackInfo, username: string) {
  const farcaster = stack.devnet.farcaster
  if (!farcaster) throw new Error('the devnet runs no Farcaster relay')
  return devnetFarcasterApp(farcaster, username)
}

test.describe('log in with Farcaster', () => {
  test('the QR code is the channel; the app approves; the visitor is logged in by their Farcaster name, and stays after a reload', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    const url = await openFarcasterQr(page)
    expect(url).toMatch(/^https:\/\/warpcast\.com\/~\/siwf\?channelToken=[0-9a-f]+$/)
    expect(await farcasterUrl(page)).toBe(url)

    await app(stack, 'alice').approve(url)
    await expect(page.getByTestId('demo-account')).toContainText('Connected')
    const address = await connectedAddress(page)
    expect(await frameSessionToken(page, stack)).toBeTruthy()
    // An embedded wallet of their own (a smart account by default), shown by their Farcaster name.
    const account = app(stack, 'alice').account
    expect(address.toLowerCase()).not.toBe(account.custody.toLowerCase())
    await page.getByRole('button', { name: /alice/ }).first().click()
    const modal = page.getByRole('dialog')
    await expect(modal.getByTestId('latch-account-name')).toHaveText('alice')
    await expect(modal.locator('img[src^="data:image/png"]').first()).toBeVisible()
    await page.keyboard.press('Escape')

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText('Connected')
    expect(await connectedAddress(page)).toBe(address)
    await page.getByRole('button', { name: /alice/ }).first().click()
    await expect(page.getByRole('dialog').getByTestId('latch-account-name')).toHaveText('alice')
  })

  test('a decline in the app says so, and Try again shows a new code', async ({ page, stack }) => {
    await page.goto(stack.demoUrl)
    const url = await openFarcasterQr(page)
    await app(stack, 'bob').decline(url)
    const modal = page.getByRole('dialog')
    await expect(modal.getByTestId('latch-connecting-farcaster')).toHaveAttribute(
      'data-status',
      'declined',
    )
    await expect(modal.getByRole('alert')).toHaveText('Sign-in declined')
    await modal.getByRole('button', { name: 'Try again' }).click()
    await expect(modal.getByTestId('latch-connecting-farcaster')).toHaveAttribute(
      'data-status',
      'waiting',
    )
    const next = await readQrCode(
      modal.getByRole('img', { name: 'QR code to sign in with Farcaster' }),
    )
    expect(next).not.toBe(url)
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test('going back before approving clears the URL at once and resyncs the wallet 100 ms later', async ({
    page,
    stack,
  }) => {
    // Every message the wallet frame receives, with when it arrived; and when Back was clicked.
    await page.addInitScript((frameOrigin: string) => {
      const log: { type: string; at: number }[] = []
      Object.assign(window, { __latchLog: log })
      if (location.origin === frameOrigin) {
        window.addEventListener('message', (event) => {
          const type = (event.data as { type?: unknown } | null)?.type
          if (typeof type === 'string') log.push({ type, at: Date.now() })
        })
      } else {
        document.addEventListener(
          'click',
          (event) => {
            if ((event.target as Element | null)?.closest?.('[aria-label="Back"]'))
              log.push({ type: 'back', at: Date.now() })
          },
          true,
        )
      }
    }, stack.frameUrl)
    await page.goto(stack.demoUrl)
    const url = await openFarcasterQr(page)
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => farcasterUrl(page)).toBe(null)

    const pageLog = await page.evaluate(
      () => (window as unknown as { __latchLog: { type: string; at: number }[] }).__latchLog,
    )
    const backAt = pageLog.find((entry) => entry.type === 'back')?.at
    if (!backAt) throw new Error('the Back click was not seen')
    const frame = page.frames().find((candidate) => candidate.url().startsWith(stack.frameUrl))
    if (!frame) throw new Error('no wallet frame')
    const frameLog = async () =>
      frame.evaluate(
        () => (window as unknown as { __latchLog: { type: string; at: number }[] }).__latchLog,
      )
    await expect
      .poll(async () => (await frameLog()).some((entry) => entry.type.endsWith('CANCEL_FARCASTER')))
      .toBe(true)
    const after = (await frameLog()).filter((entry) => entry.at >= backAt)
    const cancel = after.find((entry) => entry.type === '@latch-app/CANCEL_FARCASTER')
    const dapp = after.find((entry) => entry.type === '@latch-app/SYNC_DAPP_DATA')
    expect(cancel?.at).toBeGreaterThanOrEqual(backAt + 100)
    expect(dapp?.at).toBeGreaterThanOrEqual(backAt + 100)
    // Nothing reached the wallet in the 100 ms between.
    expect(after.filter((entry) => entry.at < backAt + 100)).toEqual([])

    // The dropped login logs nobody in, even when the app approves it afterwards.
    await app(stack, 'carol').approve(url)
    await page.waitForTimeout(1_500)
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })
})
