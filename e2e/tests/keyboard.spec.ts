import { ONRAMP_SANDBOX_CARDS } from '@latch/protocol/constants'
import type { Locator, Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../fixtures.ts'
import { setEtherBalance } from '../funding.ts'
import { activate, expectVisibleFocus, tabTo } from '../keyboard.ts'
import { liveRegionsSaid, recordLiveRegions } from '../liveRegions.ts'
import { devnetWallet } from '../wallet.ts'

/** Presses each key in turn: the tab beside it is then the selected one, and focus shows on it. */
async function walkTabs(page: Page, dialog: Locator, steps: readonly [key: string, tab: string][]) {
  for (const [key, tab] of steps) {
    await page.keyboard.press(key)
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await expectVisibleFocus(page, `on the ${tab} tab after ${key}`)
  }
}

/** The site switches the kit to Arabic (`latch.setLocale`), its own page right to left too. */
async function speakArabic(page: Page): Promise<void> {
  await page.evaluate(() => {
    const latch = (window as unknown as { latchDemo: { setLocale(locale: string): void } })
      .latchDemo
    latch.setLocale('ar')
    document.documentElement.dir = 'rtl'
    document.documentElement.lang = 'ar'
  })
}

/** The snackbar says `text` in a polite status region, which a screen reader reads out. */
async function expectAnnounced(page: Page, text: string | RegExp, timeout = 5_000) {
  const snackbar = page.getByTestId('latch-snackbar')
  await expect(snackbar).toHaveText(text, { timeout })
  await expect(snackbar).toHaveRole('status')
}

test.describe('keyboard alone', () => {
  test('connect, sign in, the Account tabs, send, swap, buy and back, register a name, disconnect, then connect again in Arabic right to left with the arrows mirrored: focus always shown, never lost', async ({
    page,
    stack,
  }) => {
    test.setTimeout(180_000)
    // A fresh account of this spec's own, given ether by the chain itself.
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    await setEtherBalance(stack, address)
    await devnetWallet(page, stack, { privateKey: key })
    await recordLiveRegions(page)
    await page.goto(`${stack.demoUrl}/?siwx=optional`)
    const modal = page.getByRole('dialog')

    // Open from the page, Escape closes and gives focus back to the opener. A visitor tabs once
    // the kit's button is on the page.
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await tabTo(page, 'Connect Wallet')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expectVisibleFocus(page, 'on opening')
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()

    // Connect the extension wallet, then sign in: each new view takes focus.
    await activate(page, /Latch Test Wallet/)
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await expect(signIn).toBeVisible()
    await expectVisibleFocus(page, 'in Sign In')
    await activate(page, 'Sign')
    await expect(page.getByTestId('demo-siwx')).toContainText('on chain 31337')

    // The Account view; its tabs move with the arrows.
    const connectButton = page.getByTestId('latch-connect-button')
    await expect(connectButton).toContainText('ETH')
    await connectButton.focus()
    await page.keyboard.press('Enter')
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account).toBeVisible()
    await expectVisibleFocus(page, 'in Account')
    await tabTo(page, 'Tokens')
    await walkTabs(page, account, [
      ['ArrowRight', 'NFTs'],
      ['ArrowRight', 'Activity'],
      ['Home', 'Tokens'],
      ['End', 'Activity'],
      ['ArrowRight', 'Tokens'],
    ])

    // Send 0.01 ETH to itself.
    await activate(page, 'Send')
    const send = page.getByRole('dialog', { name: 'Send' })
    await expect(send).toBeVisible()
    await expectVisibleFocus(page, 'in Send')
    await activate(page, 'Token: Choose a token')
    await activate(page, /Ether/)
    await tabTo(page, 'Receiver')
    await page.keyboard.type(address)
    await tabTo(page, 'Amount')
    await page.keyboard.type('0.01')
    await activate(page, 'Review')
    await expect(send.getByTestId('latch-send-fee')).toBeVisible()
    await activate(page, 'Send')
    const sent = send.getByTestId('latch-send-sent')
    await expect(sent).toHaveAttribute('data-status', 'confirmed')
    // The outcome is announced: the result's status region and the snackbar's say it.
    await expect(send.getByTestId('latch-send-status')).toHaveRole('status')
    await expect(send.getByTestId('latch-send-status')).toHaveText('Transaction confirmed')
    await expectAnnounced(page, 'Sent 0.01 ETH')
    // The wait was said too, before the outcome: a screen reader hears both.
    const said = await liveRegionsSaid(page)
    const pending = said.indexOf('Transaction sent: waiting to be confirmed…')
    expect(pending, `said: ${said.join(' | ')}`).toBeGreaterThanOrEqual(0)
    expect(said.indexOf('Transaction confirmed')).toBeGreaterThan(pending)
    await activate(page, 'Done')
    await expect(account).toBeVisible()
    await expectVisibleFocus(page, 'back in Account after Send')

    // Swap 0.1 ETH for USDC.
    await activate(page, 'Swap')
    const swap = page.getByRole('dialog', { name: 'Swap' })
    await expect(swap).toBeVisible()
    await tabTo(page, 'You pay')
    await page.keyboard.type('0.1')
    await expect(swap.getByTestId('latch-swap-action')).toHaveText('Swap')
    await tabTo(page, 'Swap')
    await page.keyboard.press('Enter')
    await expect(swap.getByTestId('latch-swap-done')).toContainText(/Swapped 0\.1 ETH for \d/)
    await expectAnnounced(page, /^Swapped 0\.1 ETH for [\d.]+ USDC$/)
    await expectVisibleFocus(page, 'after the swap')
    await activate(page, 'Back')
    await expect(account).toBeVisible()
    await expectVisibleFocus(page, 'back in Account after Swap')

    // Buy through the sandbox's checkout, in its own window, and back.
    await activate(page, 'Buy')
    await expect(page.getByRole('dialog', { name: 'Choose Provider' })).toBeVisible()
    await activate(page, /^Sandbox/)
    const buy = page.getByRole('dialog', { name: 'Buy Crypto' })
    await expect(buy).toBeVisible()
    // The view's title shows at once; its form once its code and the provider's limits are in.
    await expect(buy.getByRole('radio', { name: 'Card' })).toBeVisible()
    await tabTo(page, 'Card')
    await page.keyboard.press('ArrowRight')
    await expect(buy.getByRole('radio', { name: 'Bank' })).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('ArrowLeft')
    await expect(buy.getByRole('radio', { name: 'Card' })).toHaveAttribute('aria-checked', 'true')
    await activate(page, '50 USD')
    await expect(buy.getByTestId('latch-onramp-quote-amount')).toHaveText(/≈ \d/)
    const popupOpened = page.waitForEvent('popup')
    await activate(page, 'Buy')
    const popup = await popupOpened
    await popup.waitForURL(/\/onramp\/sandbox\/checkout\//)
    await expect(popup.getByLabel('Card number')).toBeVisible()
    await tabTo(popup, 'Card number')
    await popup.keyboard.type(ONRAMP_SANDBOX_CARDS.succeeds)
    await tabTo(popup, 'Expiry (MM/YY)')
    await popup.keyboard.type('12/39')
    await tabTo(popup, 'CVC')
    await popup.keyboard.type('123')
    await tabTo(popup, 'Name on card')
    await popup.keyboard.type('Keyboard Visitor')
    await activate(popup, 'Pay with card')
    await expectAnnounced(page, /^Bought [\d.]+ USDC$/, 20_000)
    await expect(account).toBeVisible()
    await page.bringToFront()
    await expectVisibleFocus(page, 'back in Account after buying')

    // Register a name: the field takes focus, Enter registers.
    await activate(page, 'Choose a name')
    const register = page.getByRole('dialog', { name: 'Choose a Name' })
    await expect(register).toBeVisible()
    await tabTo(page, 'Name')
    await page.keyboard.type(`keys-${address.slice(2, 10).toLowerCase()}`)
    await expect(register.getByText('Available')).toBeVisible()
    await activate(page, 'Register')
    await expect(page.getByRole('dialog', { name: 'Name Registered' })).toBeVisible()
    await expectVisibleFocus(page, 'in Name Registered')
    await activate(page, 'Back to account')
    await expect(account).toBeVisible()

    // Disconnect: the modal closes and focus is on the page's button again, not lost.
    await activate(page, 'Disconnect')
    await expect(modal).toBeHidden()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeFocused()
    await expectVisibleFocus(page, 'after disconnecting')

    // The site speaks Arabic now: connect and sign in again by keyboard, right to left.
    await speakArabic(page)
    const connectArabic = page.getByRole('button', { name: 'ربط المحفظة' })
    await expect(connectArabic).toBeFocused()
    await page.keyboard.press('Enter')
    const arabicModal = page.getByRole('dialog', { name: 'ربط المحفظة' })
    await expect(arabicModal).toBeVisible()
    await expect(page.locator('.latch-root')).toHaveAttribute('dir', 'rtl')
    await expectVisibleFocus(page, 'on opening, in Arabic')
    await activate(page, /Latch Test Wallet/)
    await expect(page.getByRole('dialog', { name: 'تسجيل الدخول' })).toBeVisible()
    await expectVisibleFocus(page, 'in Sign In, in Arabic')
    await activate(page, 'توقيع')
    // The demo follows the kit into Arabic: "on chain 31337".
    await expect(page.getByTestId('demo-siwx')).toContainText('على السلسلة 31337')
    await connectButton.focus()
    await page.keyboard.press('Enter')
    const arabicAccount = page.getByRole('dialog', { name: 'الحساب' })
    await expect(arabicAccount).toBeVisible()
    // The tabs run leftwards: Left is the next tab, Right the previous, both wrapping around.
    await tabTo(page, 'الرموز')
    await walkTabs(page, arabicAccount, [
      ['ArrowLeft', 'رموز NFT'],
      ['ArrowLeft', 'النشاط'],
      ['ArrowLeft', 'الرموز'],
      ['ArrowRight', 'النشاط'],
      ['ArrowRight', 'رموز NFT'],
      ['Home', 'الرموز'],
    ])
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(connectButton).toBeFocused()
    await expectVisibleFocus(page, 'after closing, in Arabic')
  })
})
