import type { Frame, Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  A11Y_PASSES,
  type A11yFinding,
  type A11yPass,
  ARABIC_DARK,
  applyPass,
  axeFindings,
  checkInEveryPass,
  contrastFailures,
  ENGLISH_DARK,
  FRAME_SELECTOR,
  LTR_PASSES,
  RTL_PASSES,
} from '../a11y.ts'
import {
  askEmbeddedWallet,
  connectedAddress,
  enterCode,
  startEmailLogin,
  walletFrame,
} from '../embedded.ts'
import { expect, test } from '../fixtures.ts'
import { setEtherBalance } from '../funding.ts'
import { freshEmail, readCode } from '../mail.ts'
import { mintOneOfEach } from '../nftMint.ts'
import { devnetWallet, moveWalletToChain } from '../wallet.ts'

// Axe reads colours once the modal has settled: no fade or slide between views.
test.use({ reducedMotion: 'reduce' })

/**
 * Collects the findings of every screen a test walks in `passes`, and the names of the screens
 * checked.
 */
function checker(page: Page, passes: readonly A11yPass[]) {
  const findings: A11yFinding[] = []
  const screens: string[] = []
  return {
    findings,
    screens,
    /** Waits for the dialog named `title` and checks it in every pass. */
    async check(title: string | RegExp, screen = String(title)) {
      const dialog = page.getByRole('dialog', { name: title })
      await expect(dialog).toBeVisible()
      await expect(dialog.locator('.latch-skeleton')).toHaveCount(0)
      screens.push(screen)
      findings.push(...(await checkInEveryPass(page, screen, passes)))
      return dialog
    },
  }
}

/** The modal's animations as the browser computes them; the card shakes for the reading. */
function modalMotion(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector)
      if (!element) throw new Error(`no ${selector}`)
      return getComputedStyle(element)
    }
    const card = document.querySelector<HTMLElement>('.latch-card')
    const before = {
      overlay: style('.latch-overlay').animationName,
      card: style('.latch-card').animationName,
      view: style('.latch-view').animationName,
      bodyTransition: style('.latch-body').transitionDuration,
    }
    card?.setAttribute('data-shake', 'true')
    const shake = style('.latch-card').animationName
    card?.setAttribute('data-shake', 'false')
    return { ...before, shake }
  })
}

/** Sets the kit's accent colour (`undefined`: the theme's own again). */
async function setAccent(page: Page, accent: string | undefined): Promise<void> {
  await page.evaluate((value) => {
    const latch = (
      window as unknown as {
        latchDemo: { theme: { setThemeVariables(variables: Record<string, string>): void } }
      }
    ).latchDemo
    latch.theme.setThemeVariables(value ? { '--latch-accent': value } : {})
  }, accent)
}

/** An order a shop asks to be signed (EIP-712), on the devnet's chain. */
const typedOrder = (chainId: number) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Order: [
      { name: 'item', type: 'string' },
      { name: 'quantity', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  domain: { name: 'Latch Shop', version: '1', chainId },
  message: { item: 'Tea', quantity: '2' },
})

/**
 * The requests a site sends the embedded wallet that the frame's approval screen shows, each with
 * how the demo asks for it and the title the kit's view under the screen then has.
 */
const APPROVALS: readonly {
  method: string
  title: Record<'en' | 'ar', string>
  ask(page: Page, address: string, chainId: number): Promise<unknown>
}[] = [
  {
    method: 'eth_sendTransaction',
    title: { en: 'Approve Transaction', ar: 'الموافقة على المعاملة' },
    // The demo's buttons by test id: the demo speaks the kit's language, Arabic in the second pass.
    ask: (page) => page.getByTestId('demo-send').click(),
  },
  {
    method: 'personal_sign',
    title: { en: 'Signature Request', ar: 'طلب توقيع' },
    ask: (page) => page.getByTestId('demo-sign').click(),
  },
  {
    method: 'eth_signTypedData_v4',
    title: { en: 'Signature Request', ar: 'طلب توقيع' },
    ask: (page, address, chainId) =>
      askEmbeddedWallet(page, 'eth_signTypedData_v4', [
        address,
        JSON.stringify(typedOrder(chainId)),
      ]),
  },
  {
    method: 'wallet_grantPermissions',
    title: { en: 'Grant Permissions', ar: 'منح الأذونات' },
    ask: (page) => page.getByTestId('demo-grant-session').click(),
  },
]

/** The approval screen's Approve button, in each language the tests ask in. */
const APPROVE_WORD = { en: 'Approve', ar: 'موافقة' } as const

/**
 * The frame's page says the modal's language and direction, its rows mirror (a short value ends
 * at the row's end: the left edge right to left), and it does not fade in under reduced motion.
 */
async function expectFrameFollows(page: Page, frame: Frame, language: 'en' | 'ar') {
  const dir = language === 'ar' ? 'rtl' : 'ltr'
  await expect(frame.locator('html')).toHaveAttribute('dir', dir)
  await expect(frame.locator('html')).toHaveAttribute('lang', language)
  const gaps = await frame
    .locator('.approve-row:not(.approve-row-stacked) .approve-value')
    .first()
    .evaluate((value) => {
      const range = document.createRange()
      range.selectNodeContents(value)
      const text = range.getBoundingClientRect()
      const box = value.getBoundingClientRect()
      return { left: text.left - box.left, right: box.right - text.right }
    })
  const [end, start] = dir === 'rtl' ? [gaps.left, gaps.right] : [gaps.right, gaps.left]
  expect(end, `the value's gap at the row's end (${dir})`).toBeLessThan(1)
  expect(start, `the value's gap at the row's start (${dir})`).toBeGreaterThan(8)
  const animation = () =>
    frame.locator('.approve').evaluate((screen) => getComputedStyle(screen).animationName)
  expect(await animation()).toBe('none')
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(await animation()).toBe('approve-in')
  await page.emulateMedia({ reducedMotion: 'reduce' })
}

async function openView(page: Page, view: string): Promise<void> {
  await page.evaluate((name) => {
    const latch = (window as unknown as { latchDemo: { modal: { open(o: object): void } } })
      .latchDemo
    latch.modal.open({ view: name })
  }, view)
}

test.describe('accessibility: axe finds nothing on any view, in either theme', () => {
  test('before connecting, sign-in, then the connected views: Account, NFTs, Networks, Receive, Send, Swap, Buy, names, Sessions, wrong network; also right to left in Arabic', async ({
    page,
    stack,
  }) => {
    test.setTimeout(180_000)
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    await setEtherBalance(stack, address)
    // NFTs for the NFTs tab and a detail: ERC-721, ERC-1155 and a spam one behind Show hidden.
    await mintOneOfEach(stack, key)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The wallet waits with its first answers, so the Connecting view stays on screen to be checked.
    await devnetWallet(page, stack, {
      privateKey: key,
      decide: async () => {
        await held
        return 'approve' as const
      },
    })
    await page.goto(`${stack.demoUrl}/?siwx=optional`)
    const { check, findings, screens } = checker(page, A11Y_PASSES)
    const back = () => page.getByRole('button', { name: 'Back', exact: true }).click()

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = await check('Connect Wallet', 'Connect')
    await connect.getByRole('button', { name: /All Wallets/ }).click()
    await check('All Wallets', 'AllWallets')
    await back()
    await connect.getByRole('button', { name: 'What is a wallet?' }).click()
    await check('What is a wallet?', 'WhatIsAWallet')
    await back()
    await connect.getByRole('button', { name: /^WalletConnect/ }).click()
    await check('WalletConnect', 'ConnectingWalletConnect')
    await back()
    await connect.getByRole('button', { name: 'Log in with Farcaster' }).click()
    await check('Farcaster', 'ConnectingFarcaster')
    await back()
    await openView(page, 'ConnectingWalletConnectBasic')
    await check('WalletConnect', 'ConnectingWalletConnectBasic')
    await openView(page, 'Networks')
    await check('Choose Network', 'Networks (not connected)')
    await openView(page, 'Connect')
    await connect.getByRole('button', { name: /Latch Test Wallet/ }).click()
    const connecting = await check('Latch Test Wallet', 'ConnectingExternal')
    // The wait is announced politely, in a status region.
    await expect(connecting.getByRole('status')).toHaveText('Continue in Latch Test Wallet')
    release()

    const signIn = await check('Sign In', 'SIWXSignMessage')
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(page.getByTestId('demo-siwx')).toContainText('on chain 31337')

    await page.getByTestId('latch-connect-button').click()
    const account = await check('Account', 'Account (Tokens)')
    await account.getByRole('tab', { name: 'Activity' }).click()
    await check('Account', 'Account (Activity)')
    await account.getByRole('tab', { name: 'NFTs' }).click()
    await expect(account.getByTestId('latch-nft-card')).toHaveCount(2)
    await account.getByRole('button', { name: 'Show hidden (1)' }).click()
    await expect(account.getByTestId('latch-nft-card')).toHaveCount(3)
    await check('Account', 'Account (NFTs, spam shown)')
    // A card is named by what it shows: the NFT's name, then its collection.
    await account.getByRole('button', { name: /^Devnet Badge\s?Latch Devnet Items/ }).click()
    await expect(account.getByRole('form', { name: 'Send Devnet Badge' })).toBeVisible()
    await check('Account', 'NFT detail (ERC-1155)')
    await account.getByRole('button', { name: 'Back to NFTs' }).click()
    await account.getByRole('tab', { name: 'Tokens' }).click()
    await account.getByRole('button', { name: /Change network/ }).click()
    await check('Choose Network', 'Networks')
    await back()
    await account.getByRole('button', { name: 'Receive', exact: true }).click()
    await check('Receive')
    // The checker finds what it should: white labels on too light an accent fail.
    await setAccent(page, '#8fb0ff')
    expect((await axeFindings(page, 'Receive, light accent')).join('\n')).toContain(
      'color-contrast',
    )
    // Arabic words too: axe measures the contrast of joined letters, not only of Latin ones.
    await applyPass(page, ARABIC_DARK)
    expect(await contrastFailures(page)).toContainEqual(expect.stringMatching(/\p{Script=Arabic}/u))
    await setAccent(page, undefined)
    await applyPass(page, ENGLISH_DARK)
    await back()

    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = await check('Send', 'Send (form)')
    await send.getByRole('button', { name: 'Token: Choose a token' }).click()
    await check('Send', 'Send (tokens)')
    await send
      .getByRole('list', { name: 'Tokens to send' })
      .getByRole('button', { name: /ETH/ })
      .click()
    await send.getByLabel('Receiver').fill(address)
    await send.getByLabel('Amount').fill('100')
    await send.getByRole('button', { name: 'Review' }).click()
    // The error is announced at once, in an alert region.
    await expect(send.getByRole('alert')).toHaveText('Insufficient ETH balance')
    await check('Send', 'Send (review with an error)')
    await back()

    await account.getByRole('button', { name: 'Swap', exact: true }).click()
    await check('Swap')
    await back()

    await account.getByRole('button', { name: 'Buy', exact: true }).click()
    const providers = await check('Choose Provider', 'OnRampProviders')
    await providers.getByRole('button', { name: /Sandbox \(test mode\)/ }).click()
    const buy = await check('Buy Crypto', 'OnRampBuy')
    await buy.getByRole('button', { name: 'Currency to buy: USDC' }).click()
    await check('Choose Token', 'OnRampTokenSelect')
    await back()
    await buy.getByRole('button', { name: 'Currency to pay with: USD' }).click()
    await check('Choose Currency', 'OnRampFiatSelect')
    await back()
    await buy.getByRole('button', { name: '50 USD', exact: true }).click()
    await expect(buy.getByTestId('latch-onramp-quote-amount')).toHaveText(/≈ \d/)
    await check('Buy Crypto', 'OnRampBuy (quote)')
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      buy.getByRole('button', { name: 'Buy', exact: true }).click(),
    ])
    await check('Buy in Progress', 'BuyInProgress')
    await popup.close()

    await openView(page, 'Account')
    await account.getByRole('button', { name: 'Choose a name' }).click()
    const register = await check('Choose a Name', 'RegisterAccountName')
    await register.getByLabel('Name').fill('ab')
    await expect(register.getByText(/at least 4 characters/)).toBeVisible()
    await check('Choose a Name', 'RegisterAccountName (error)')
    await register.getByLabel('Name').fill(`a11y-${address.slice(2, 10).toLowerCase()}`)
    await expect(register.getByText('Available')).toBeVisible()
    await register.getByRole('button', { name: 'Register' }).click()
    await check('Name Registered', 'RegisterAccountNameSuccess')

    await openView(page, 'Sessions')
    await check('Sessions')

    await page.keyboard.press('Escape')
    const chain = stack.devnet.chains[0]
    if (!chain) throw new Error('no devnet chain')
    await moveWalletToChain(page, 999_001, chain.rpcUrl)
    await check('Switch Network', 'UnsupportedChain')

    expect(findings).toEqual([])
    test.info().annotations.push({ type: 'screens', description: String(screens.length) })
  })

  test('email login and the embedded wallet, in English and in Arabic: social, code, new device, Account, editing the email, and the wallet frame approving a transaction, a message, typed data and a permissions grant', async ({
    page,
    stack,
  }) => {
    test.setTimeout(180_000)
    const email = freshEmail('a11y')
    await page.goto(stack.demoUrl)
    const { check, findings, screens } = checker(page, A11Y_PASSES)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: /Dev/ }).click(),
    ])
    await check(/Dev/, 'ConnectingSocial')
    await popup.close()
    await page.keyboard.press('Escape')
    await startEmailLogin(page, email)
    await check('Confirm Email', 'EmailVerifyOtp')
    // A known user on a new device waits here for the mailed link; reaching it for real costs the
    // server's 30 s between two mails to one address. It is opened on the email just entered: the
    // view reads only that email and its own texts.
    await openView(page, 'EmailVerifyDevice')
    const device = await check('Register Device', 'EmailVerifyDevice')
    await expect(device).toContainText(`Approve the login link we sent to ${email}`)
    await openView(page, 'EmailVerifyOtp')

    // Reduced motion: the modal neither fades, slides, resizes nor shakes; without it, it does.
    expect(await modalMotion(page)).toEqual({
      overlay: 'none',
      card: 'none',
      view: 'none',
      shake: 'none',
      bodyTransition: '0s',
    })
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    expect(await modalMotion(page)).toEqual({
      overlay: 'latch-fade-in',
      card: 'latch-slide-in',
      view: 'latch-fade-in',
      shake: 'latch-shake',
      bodyTransition: '0.2s',
    })
    await page.emulateMedia({ reducedMotion: 'reduce' })

    await enterCode(page, await readCode(stack, email, 1))
    await expect(page.getByTestId('demo-account')).toContainText('Connected')

    await page.getByTestId('latch-connect-button').click()
    const account = await check('Account', 'Account (email)')
    await account.getByRole('button', { name: 'Update email' }).click()
    const update = await check('Edit Email', 'UpdateEmailWallet')
    await update.getByLabel('New email').fill(freshEmail('a11y-new'))
    await update.getByRole('button', { name: 'Continue' }).click()
    await check('Confirm Current Email', 'UpdateEmailPrimaryOtp')
    await enterCode(page, await readCode(stack, email, 2))
    await check('Confirm New Email', 'UpdateEmailSecondaryOtp')
    await page.keyboard.press('Escape')

    // The approval screen, drawn by the wallet frame over the modal in the language the modal
    // speaks when it is asked: each request is asked in English, then again in Arabic.
    const address = await connectedAddress(page)
    await setEtherBalance(stack, address)
    const chainId = stack.devnet.chains[0]?.chainId ?? 31337
    const frame = await walletFrame(page, stack)
    for (const { language, first, passes } of [
      { language: 'en', first: ENGLISH_DARK, passes: LTR_PASSES },
      { language: 'ar', first: ARABIC_DARK, passes: RTL_PASSES },
    ] as const) {
      await applyPass(page, first, true)
      for (const approval of APPROVALS) {
        await approval.ask(page, address, chainId)
        await expect(page.getByRole('dialog', { name: approval.title[language] })).toBeVisible()
        const screen = frame.locator(
          `[data-testid="latch-approve"][data-method="${approval.method}"]`,
        )
        await expect(screen).toHaveAttribute('data-state', 'waiting')
        // Live buttons (a disabled one is exempt from the contrast rule), in the modal's language.
        await expect(screen.locator('[data-action="reject"]')).toBeEnabled()
        await expect(screen.locator('[data-action="approve"]')).toBeEnabled()
        await expect(screen.locator('[data-action="approve"]')).toHaveText(APPROVE_WORD[language])
        const view = `${approval.method} (${language})`
        screens.push(`ApproveTransaction, ${view}`, `wallet frame approval, ${view}`)
        findings.push(...(await checkInEveryPass(page, `ApproveTransaction, ${view}`, passes)))
        findings.push(
          ...(await checkInEveryPass(page, `wallet frame approval, ${view}`, passes, {
            selector: FRAME_SELECTOR,
            frame: true,
          })),
        )
        if (approval.method === 'eth_signTypedData_v4')
          await expectFrameFollows(page, frame, language)
        await screen.locator('[data-action="reject"]').click()
        await expect(page.getByRole('dialog')).toBeHidden()
      }
    }

    expect(findings).toEqual([])
    test.info().annotations.push({ type: 'screens', description: String(screens.length) })
  })
})
