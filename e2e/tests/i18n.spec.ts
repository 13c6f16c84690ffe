import type { Locator, Request } from '@playwright/test'
import { expect, test } from '../fixtures.ts'

// The modal's catalogue chunks: Vite names each after its module (`locales/de.ts` -> `de-<hash>.js`).
const LOCALE_CHUNK = /\/(ar|zh|ja|ko|es|pt|fr|de|ru|tr|hi)-[\w-]+\.js$/

/** The catalogues requested from `origin` (the page's; the wallet frame has its own). */
const localeChunks = (requests: readonly Request[], origin: string) =>
  requests.flatMap((request) => {
    const url = new URL(request.url())
    return url.origin === origin ? (LOCALE_CHUNK.exec(url.pathname)?.[1] ?? []) : []
  })

const centreX = async (locator: Locator) => {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return box.x + box.width / 2
}

test.describe("in the browser's language", () => {
  test.use({ locale: 'de-DE' })

  test('speaks German, switches to Arabic in place (right to left, mirrored), loads only the active catalogue, and English is exact again', async ({
    page,
    stack,
  }) => {
    const requests: Request[] = []
    page.on('request', (request) => requests.push(request))
    const site = new URL(stack.demoUrl).origin
    await page.goto(stack.demoUrl)

    // German from navigator.languages: the page's button, the modal's title and its views.
    await page.getByRole('button', { name: 'Wallet verbinden' }).click()
    const modal = page.getByRole('dialog', { name: 'Wallet verbinden' })
    await expect(modal.getByRole('list', { name: 'Wallets' })).toBeVisible()
    await modal.getByRole('button', { name: 'Was ist eine Wallet?' }).click()
    const help = page.getByRole('dialog', { name: 'Was ist eine Wallet?' })
    await expect(help).toContainText('Deine Schlüssel, deine Sachen')
    await expect(page.locator('.latch-root')).toHaveAttribute('dir', 'ltr')
    await expect(page.locator('.latch-root')).toHaveAttribute('lang', 'de')
    // Left to right: Back on the left of the title, Close on its right.
    const title = help.getByRole('heading', { name: 'Was ist eine Wallet?' })
    expect(await centreX(help.getByRole('button', { name: 'Schließen' }))).toBeGreaterThan(
      await centreX(title),
    )
    expect(await centreX(help.getByRole('button', { name: 'Zurück' }))).toBeLessThan(
      await centreX(title),
    )
    expect(localeChunks(requests, site)).toEqual(['de'])

    // The site switches to Arabic at run time (the demo's picker calls latch.setLocale('ar')): the
    // open view re-renders in place, right to left.
    await page.getByTestId('demo-language').selectOption('ar')
    const arabic = page.getByRole('dialog', { name: 'ما هي المحفظة؟' })
    await expect(arabic).toContainText('مفاتيحك، أشياؤك')
    await expect(page.locator('.latch-root')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('.latch-root')).toHaveAttribute('lang', 'ar')
    // Mirrored: Close now sits left of the title and Back right of it; the back arrow is flipped.
    const arabicTitle = arabic.getByRole('heading', { name: 'ما هي المحفظة؟' })
    const close = arabic.getByRole('button', { name: 'إغلاق' })
    const back = arabic.getByRole('button', { name: 'رجوع' })
    expect(await centreX(close)).toBeLessThan(await centreX(arabicTitle))
    expect(await centreX(back)).toBeGreaterThan(await centreX(arabicTitle))
    await expect(back.locator('.latch-mirror')).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)')
    expect(localeChunks(requests, site)).toEqual(['de', 'ar'])

    // Back to English: the titles and texts as the product words them, with no chunk to load.
    await page.getByTestId('demo-language').selectOption('en')
    const english = page.getByRole('dialog', { name: 'What is a wallet?' })
    await expect(english).toContainText('Your keys, your things')
    await expect(page.locator('.latch-root')).toHaveAttribute('dir', 'ltr')
    await english.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toContainText('All Wallets')
    expect(localeChunks(requests, site)).toEqual(['de', 'ar'])
  })
})
