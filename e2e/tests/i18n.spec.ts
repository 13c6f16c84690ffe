import type { Locator, Page, Request } from '@playwright/test'
import { loginWithEmail, walletFrame } from '../embedded.ts'
import { expect, type StackInfo, test } from '../fixtures.ts'
import { sendEther } from '../funding.ts'
import { freshEmail } from '../mail.ts'
import { connectTestWallet } from '../wallet.ts'

// The modal's catalogue chunks: Vite names each after its module (`locales/de.ts` -> `de-<hash>.js`).
const LOCALE_CHUNK = /\/(ar|zh|ja|ko|es|pt|fr|de|ru|tr|hi)-[\w-]+\.js$/

// The demo page's own catalogues: `demo-<language>-<hash>.js`, told apart from the kit's.
const DEMO_CHUNK = /\/demo-(ar|zh|ja|ko|es|pt|fr|de|ru|tr|hi)-[\w-]+\.js$/

/**
 * Watches the page's requests from now on: returns what lists the catalogues of `chunk`'s kind the
 * page has asked the demo's origin for so far (the wallet frame has its own).
 */
function watchCatalogues(page: Page, stack: StackInfo) {
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  const site = new URL(stack.demoUrl).origin
  return (chunk = LOCALE_CHUNK) =>
    requests.flatMap((request) => {
      const url = new URL(request.url())
      return url.origin === site ? (chunk.exec(url.pathname)?.[1] ?? []) : []
    })
}

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
    const catalogues = watchCatalogues(page, stack)
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
    expect(catalogues()).toEqual(['de'])

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
    expect(catalogues()).toEqual(['de', 'ar'])

    // Back to English: the titles and texts as the product words them, with no chunk to load.
    await page.getByTestId('demo-language').selectOption('en')
    const english = page.getByRole('dialog', { name: 'What is a wallet?' })
    await expect(english).toContainText('Your keys, your things')
    await expect(page.locator('.latch-root')).toHaveAttribute('dir', 'ltr')
    await english.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toContainText('All Wallets')
    expect(catalogues()).toEqual(['de', 'ar'])
  })
})

test('the demo page follows the kit into Arabic (right to left) from its picker, statuses and all, and is exact English again', async ({
  page,
  stack,
}) => {
  const catalogues = watchCatalogues(page, stack)
  await connectTestWallet(page, stack)
  const html = page.locator('html')
  await expect(page.getByTestId('demo-account')).toHaveText(/^Connected 0x\w+ on Latch Devnet$/)
  await expect(html).toHaveAttribute('dir', 'ltr')
  await page.getByRole('button', { name: 'Send 0.001 ETH to yourself' }).click()
  const transaction = page.getByTestId('demo-transaction')
  await expect(transaction).toHaveText(/^Confirmed 0x[0-9a-f]{64} in block \d+$/)
  const hash = ((await transaction.textContent()) ?? '').split(' ')[1]

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar')
  await expect(html).toHaveAttribute('lang', 'ar')
  await expect(html).toHaveAttribute('dir', 'rtl')
  await expect(page).toHaveTitle('عرض Latch التجريبي')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('موقع يستضيف حزمة Latch')
  await expect(page.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar')
  await expect(page.getByRole('switch', { name: 'المظهر الداكن' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'تصدير السجلات' })).toBeVisible()
  await expect(page.getByTestId('server-status')).toContainText('خادم Latch متصل · الشبكات')
  await expect(page.getByTestId('demo-account')).toHaveText(/^متصل بالحساب 0x\w+ على Latch Devnet$/)
  // 0.001 written the Arabic way, whichever digits the browser's Arabic uses.
  await expect(page.getByRole('button', { name: /^أرسل \S+ ETH إلى نفسك$/ })).toBeVisible()
  // A result already shown reads in the new language too: it is kept as its message.
  await expect(transaction).toHaveText(new RegExp(`^تم تأكيد المعاملة ${hash} في الكتلة \\d+$`))
  await expect(page.getByRole('region', { name: 'جلسة ذكية' })).toContainText(/لمدة \S+ أيام/)
  // Right to left: the brand now sits right of the header's buttons.
  const brand = page.getByText('عرض Latch التجريبي', { exact: true })
  expect(await centreX(brand)).toBeGreaterThan(await centreX(page.getByTestId('demo-language')))
  expect(catalogues(DEMO_CHUNK)).toEqual(['ar'])

  // Back to English: the page as the other tests find it, with no chunk of its own to load.
  await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en')
  await expect(html).toHaveAttribute('lang', 'en')
  await expect(html).toHaveAttribute('dir', 'ltr')
  await expect(page).toHaveTitle('Latch demo')
  await expect(page.getByRole('heading', { name: 'A site that hosts the Latch kit' })).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeVisible()
  await expect(transaction).toHaveText(new RegExp(`^Confirmed ${hash} in block \\d+$`))
  expect(catalogues(DEMO_CHUNK)).toEqual(['ar'])
})

test('in French, the embedded wallet’s approval details and the send’s snackbar read in French', async ({
  page,
  stack,
}) => {
  await page.goto(stack.demoUrl)
  const address = await loginWithEmail(page, stack, freshEmail('francais'))
  const receiver = stack.devnet.accounts[9]?.address as `0x${string}`
  await sendEther(stack, { funder: 6, to: address, ether: '0.02' })
  // The site switches the kit to French (latch.setLocale); the frame hears it with its theme.
  await page.getByTestId('demo-language').selectOption('fr')

  await page.getByTestId('latch-connect-button').click()
  await page
    .getByRole('dialog', { name: 'Compte' })
    .getByRole('button', { name: 'Envoyer' })
    .click()
  const send = page.getByRole('dialog', { name: 'Envoyer' })
  await send.getByRole('button', { name: 'Jeton : Choisir un jeton' }).click()
  await send
    .getByRole('list', { name: 'Jetons à envoyer' })
    .getByRole('button', { name: /ETH/ })
    .click()
  await send.getByLabel('Destinataire').fill(receiver)
  await send.getByLabel('Montant').fill('0.0125')
  await send.getByRole('button', { name: 'Vérifier' }).click()
  await send.getByRole('button', { name: 'Envoyer', exact: true }).click()

  // The approval screen on the frame's origin: its title, labels and amounts in French.
  const screen = (await walletFrame(page, stack)).getByTestId('latch-approve')
  await expect(screen).toHaveAttribute('data-state', 'waiting')
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Approuver la transaction')
  const rows = screen.locator('.approve-row')
  await expect(rows.filter({ hasText: 'Valeur' }).locator('dd')).toHaveText('0,0125 ETH')
  await expect(rows.filter({ hasText: 'Réseau' }).first().locator('dd')).toHaveText('Latch Devnet')
  await expect(rows.filter({ hasText: 'Frais de réseau' }).locator('dd')).toHaveText(
    /^jusqu’à 0,\d+ ETH$/,
  )
  await screen.locator('[data-action="approve"]').click()

  // Once mined, core's message reaches the snackbar worded and written the French way.
  await expect(page.getByTestId('latch-snackbar')).toHaveText('Envoyé : 0,0125 ETH')
})
