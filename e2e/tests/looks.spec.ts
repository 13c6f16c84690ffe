import type { Page, Response } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { connectTestWallet, devnetWallet } from '../wallet.ts'

/** How far the page can be scrolled sideways: 0 when nothing sticks out of the viewport. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test.describe('on a phone (390 x 844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the modal is a bottom sheet, nothing is clipped, and long values wrap on the page', async ({
    page,
    stack,
  }) => {
    const wallet = await devnetWallet(page, stack)
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()

    const sheet = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(sheet).toBeVisible()
    // Anchored to the bottom edge, the full width, its top on screen (after it slid in).
    await expect(async () => {
      const box = await sheet.boundingBox()
      expect(box).not.toBeNull()
      if (!box) return
      expect(Math.round(box.y + box.height)).toBe(844)
      expect(Math.round(box.x)).toBe(0)
      expect(Math.round(box.width)).toBe(390)
      expect(box.y).toBeGreaterThan(0)
    }).toPass({ timeout: 5_000 })
    // Every wallet button lies inside the sheet, none cut at the sides.
    for (const button of await sheet.getByRole('button').all()) {
      const box = await button.boundingBox()
      if (!box) continue
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
    }

    await sheet.getByRole('button', { name: /Latch Test Wallet/ }).click()
    await expect(page.getByTestId('demo-account')).toContainText(wallet.address)

    // The connected button stays one line high, inside the screen.
    const button = page.getByTestId('latch-connect-button')
    const buttonBox = await button.boundingBox()
    expect(buttonBox?.height).toBeLessThanOrEqual(44)
    expect((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0)).toBeLessThanOrEqual(390)

    // A 132-character signature on the page wraps instead of widening it.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect(page.getByTestId('demo-signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    expect(await horizontalOverflow(page)).toBe(0)

    // The account sheet: its action row inside the sheet's padding, its header fixed while the
    // list scrolls.
    await button.click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('latch-token-row').first()).toBeVisible()
    // Once it has slid in (200 ms), the sheet rests on the bottom edge.
    await expect(async () => {
      const box = await account.boundingBox()
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844)
    }).toPass({ timeout: 5_000 })
    for (const name of ['Send', 'Receive', 'Swap', 'Buy']) {
      const action = await account.getByRole('button', { name, exact: true }).boundingBox()
      expect(action, name).not.toBeNull()
      expect(action?.x ?? 0, name).toBeGreaterThanOrEqual(16)
      expect((action?.x ?? 0) + (action?.width ?? 0), name).toBeLessThanOrEqual(390 - 16)
      expect(action?.height ?? 0, name).toBeLessThanOrEqual(44)
    }
    const title = account.getByRole('heading', { name: 'Account' })
    const titleTop = (await title.boundingBox())?.y
    await account.getByRole('button', { name: 'Disconnect' }).scrollIntoViewIfNeeded()
    expect((await title.boundingBox())?.y).toBe(titleTop)
    await expect(account.getByRole('button', { name: 'Close' })).toBeInViewport()
    expect(await horizontalOverflow(page)).toBe(0)
  })
})

test.describe('All Wallets', () => {
  test('says plainly when the server cannot answer, and Retry loads them once it can', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // The server goes down: every request for the wallet list fails at the network level.
    const registry = `${stack.serverUrl}/getWallets?**`
    await page.route(registry, (route) => route.abort('connectionrefused'))
    await page.getByRole('button', { name: /All Wallets/ }).click()

    const view = page.getByRole('dialog', { name: 'All Wallets' })
    const failed = view.getByTestId('latch-wallets-failed')
    await expect(failed).toHaveText(
      /The wallet list could not be loaded\. Check your connection and try again\./,
    )
    await expect(view).not.toContainText('Failed to fetch')
    await expect(view.getByRole('list', { name: 'All wallets' }).getByRole('button')).toHaveCount(0)

    // Still down: Retry asks again and says so again.
    let asked = 0
    await page.unroute(registry)
    await page.route(registry, (route) => {
      asked++
      return route.abort('connectionrefused')
    })
    await failed.getByRole('button', { name: 'Retry' }).click()
    await expect(failed).toBeVisible()
    expect(asked).toBe(1)

    // Back up: Retry brings the grid.
    await page.unroute(registry)
    await failed.getByRole('button', { name: 'Retry' }).click()
    await expect(failed).toBeHidden()
    const grid = view.getByRole('list', { name: 'All wallets' })
    await expect(grid.getByRole('button')).toHaveCount(40)
    await expect(grid.getByRole('button', { name: 'MetaMask' })).toBeVisible()
  })

  test('offers only wallets of the site’s chain family', async ({ page, stack }) => {
    const search = async (path: string) => {
      await page.goto(`${stack.demoUrl}${path}`)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('button', { name: /All Wallets/ }).click()
      const view = page.getByRole('dialog', { name: 'All Wallets' })
      return { view, box: view.getByRole('searchbox', { name: 'Search wallet' }) }
    }
    // Xverse and Leather hold Bitcoin only: an EVM-only site does not offer them.
    const evm = await search('?families=eip155')
    for (const name of ['Xverse', 'Leather']) {
      await evm.box.fill(name)
      await expect(evm.view.getByText('No wallet found')).toBeVisible()
    }
    await evm.box.fill('Phantom')
    await expect(evm.view.getByRole('button', { name: 'Phantom' })).toBeVisible()
    // The demo with its Bitcoin network does.
    const all = await search('')
    await all.box.fill('Xverse')
    await expect(all.view.getByRole('button', { name: 'Xverse' })).toBeVisible()
  })
})

test.describe('the modal body', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`follows the view's height and scrolls long lists (reduced motion: ${reducedMotion})`, async ({
      page,
      stack,
    }) => {
      await page.emulateMedia({ reducedMotion })
      // Tall enough for the whole Connect view (email, the logins, five wallets), not for All Wallets.
      await page.setViewportSize({ width: 1000, height: 800 })
      await page.goto(stack.demoUrl)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const body = page.getByTestId('latch-modal-body')
      // The card grows and shrinks downwards: its header, and whatever sits above a change, stays
      // where the pointer found it.
      const header = page.getByRole('dialog').locator('header').first()
      const headerTop = async () => {
        // Once the card has slid in: it moves while its opening animation runs.
        await page
          .locator('.latch-card')
          .evaluate((card) => Promise.all(card.getAnimations().map((motion) => motion.finished)))
        return Math.round((await header.boundingBox())?.y ?? 0)
      }
      await expect(body).not.toHaveAttribute('data-resizing', 'true')
      const top = await headerTop()
      expect(top).toBeGreaterThan(0)
      await page.getByRole('button', { name: /All Wallets/ }).click()
      await expect(
        page.getByRole('list', { name: 'All wallets' }).getByRole('button').first(),
      ).toBeVisible()
      // Once the height has settled the list scrolls inside the body, under a header that stays.
      await expect(body).not.toHaveAttribute('data-resizing', 'true')
      const title = await page.getByRole('heading', { name: 'All Wallets' }).boundingBox()
      const scrolled = await body.evaluate((node) => {
        node.scrollTop = 300
        return { top: node.scrollTop, overflow: getComputedStyle(node).overflowY }
      })
      expect(scrolled).toEqual({ top: 300, overflow: 'auto' })
      expect(await page.getByRole('heading', { name: 'All Wallets' }).boundingBox()).toEqual(title)
      expect(await headerTop()).toBe(top)
      // Back to a short view: the card shrinks to it.
      await page.getByRole('button', { name: 'Back', exact: true }).click()
      await page.getByRole('button', { name: 'What is a wallet?' }).waitFor()
      await expect(async () => {
        const heights = await body.evaluate((node) => ({
          body: node.getBoundingClientRect().height,
          content: (node.firstElementChild as HTMLElement).getBoundingClientRect().height,
        }))
        expect(Math.abs(heights.body - heights.content)).toBeLessThan(1)
      }).toPass({ timeout: 2_000 })
      expect(await headerTop()).toBe(top)
    })
  }
})

test.describe('icons', () => {
  test('are images the server serves, loaded under the page’s CSP, not part of its script', async ({
    page,
    stack,
  }) => {
    const scripts: Promise<string>[] = []
    const collectScript = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text())
    }
    page.on('response', collectScript)
    await devnetWallet(page, stack)
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const wallets = page.getByRole('list', { name: 'Wallets' })
    const metamask = wallets.getByRole('button', { name: 'MetaMask' }).locator('img')
    await expect(metamask).toHaveAttribute(
      'src',
      new RegExp(`^${stack.serverUrl}/getWalletImage/[0-9a-f]{64}\\?projectId=`),
    )
    await expect
      .poll(() => metamask.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)

    // What the server sends for it: MetaMask's own SVG, with the headers that keep it inert.
    const src = (await metamask.getAttribute('src')) ?? ''
    const response = await page.request.get(src)
    expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/)
    expect(response.headers()['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
    expect(response.headers()['x-content-type-options']).toBe('nosniff')
    const svg = await response.text()
    expect(svg).toContain('<title>MetaMask</title>')
    expect(svg).not.toContain('<text')

    // The icon's drawing is nowhere in the page's JavaScript: icons are fetched, not bundled.
    const path = /\sd="([^"]{40})/.exec(svg)?.[1] ?? ''
    expect(path).toHaveLength(40)
    await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
    await page.getByTestId('latch-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('latch-token-row').first()).toBeVisible()
    // Scripts the page fetches later are not read: a read still open when the test ends fails it.
    page.off('response', collectScript)
    const code = await Promise.all(scripts)
    expect(code.length).toBeGreaterThan(0)
    for (const script of code) expect(script.includes(path)).toBe(false)

    // Token and network icons load as images too; the account's picture is drawn from its address.
    const ether = account.locator('[data-testid="latch-token-row"][data-symbol="ETH"] img')
    await expect(ether).toHaveAttribute('src', /\/public\/getTokenImage\/ETH\?/)
    await expect
      .poll(() => ether.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    const network = account.getByRole('button', { name: /^Network: Latch Devnet/ }).locator('img')
    await expect(network).toHaveAttribute('src', /\/public\/getAssetImage\/eip155%3A31337\?/)
    await expect(account.getByTestId('latch-identicon')).toBeVisible()
    await expect(
      page.getByTestId('latch-connect-button').getByTestId('latch-identicon'),
    ).toBeVisible()
  })
})

test.describe('help for visitors without a wallet', () => {
  test('explains what a wallet is and where to get one', async ({ page, stack }) => {
    // Connect and the help view show the same recommended wallets: asked for once.
    const recommendedAsked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/getWallets' && url.searchParams.get('entries') === '4')
        recommendedAsked.push(request.url())
    })
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: 'What is a wallet?' }).click()

    const help = page.getByRole('dialog', { name: 'What is a wallet?' })
    await expect(help.getByText('Your keys, your things')).toBeVisible()
    await expect(help.getByText('Sign in without a password')).toBeVisible()
    const get = help.getByRole('list', { name: 'Wallets to get' })
    const metamask = get.getByRole('link', { name: /MetaMask/ })
    await expect(metamask).toHaveAttribute('href', 'https://metamask.io')
    await expect(metamask).toHaveAttribute('target', '_blank')
    await expect(metamask).toHaveAttribute('rel', /noopener/)
    await expect(get.getByRole('link')).toHaveCount(4)

    await help.getByRole('button', { name: 'See all wallets' }).click()
    await expect(page.getByRole('dialog', { name: 'All Wallets' })).toBeVisible()
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    expect(recommendedAsked).toHaveLength(1)
  })
})

test.describe('loading', () => {
  test('the WalletConnect view shows its QR frame at once, before its code arrives', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    // Hold the view's script until the frame has been seen.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/ConnectingWalletConnect-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /WalletConnect/ }).click()
    const view = page.getByRole('dialog', { name: 'WalletConnect' })
    await expect(view.getByTestId('latch-qr-placeholder')).toBeVisible()
    await expect(view.getByText('Scan with your phone')).toBeVisible()
    expect((await view.boundingBox())?.height ?? 0).toBeGreaterThan(350)
    release()
    await expect(view.getByRole('img', { name: /QR code to connect/ })).toBeVisible()
  })
})

test.describe('the demo page', () => {
  test.use({ colorScheme: 'light' })

  test('follows the system theme, switches with its toggle, and forgets an old account’s results', async ({
    page,
    stack,
  }) => {
    await devnetWallet(page, stack)
    await page.goto(stack.demoUrl)
    const theme = page.getByRole('switch', { name: 'Dark theme' })
    await expect(theme).toHaveAttribute('aria-checked', 'false')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.locator('.latch-root')).toHaveAttribute('data-theme', 'light')
    await page.getByRole('button', { name: 'Close' }).click()
    await theme.click()
    await expect(theme).toHaveAttribute('aria-checked', 'true')
    await expect(page.locator('.latch-root')).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    // The choice is kept for the next visit.
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute(
      'aria-checked',
      'true',
    )

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect(page.getByTestId('demo-signature')).toHaveText(/^0x/)
    await page.getByTestId('latch-connect-button').click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Disconnect' })
      .click()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
    await expect(page.getByRole('button', { name: 'Sign a message' })).toBeVisible()
    await expect(page.getByTestId('demo-signature')).toHaveText('')
  })
})

test.describe('the Account view while it loads', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('shows placeholder rows until the balances come, and its messages sit under the header, over nothing', async ({
    page,
    stack,
  }) => {
    // The balances are held back until the test lets them through.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/v1/account/*/balance*', async (route) => {
      await released
      await route.continue()
    })
    await connectTestWallet(page, stack)
    await expect(page.getByTestId('demo-account')).toContainText('on Latch Devnet')
    await page.getByTestId('latch-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })

    const loading = account.getByTestId('latch-tokens-loading')
    await expect(loading).toHaveAttribute('aria-busy', 'true')
    await expect(loading).toContainText('Loading balances')
    await expect(account.getByText(/Loading balances…/)).toHaveCount(0)
    release()
    await expect(loading).toHaveCount(0)
    await expect(account.getByText('Ether', { exact: true })).toBeVisible()

    // A message about the view shows between its header and its content, covering neither.
    await account.getByRole('button', { name: /Copy address/ }).click()
    const message = account.getByTestId('latch-snackbar')
    await expect(message).toHaveText('Address copied')
    const [messageBox, headerBox, bodyBox] = await Promise.all([
      message.boundingBox(),
      account.locator('header').boundingBox(),
      account.getByTestId('latch-modal-body').boundingBox(),
    ])
    if (!messageBox || !headerBox || !bodyBox) throw new Error('the modal is not laid out')
    expect(messageBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 0.5)
    expect(messageBox.y + messageBox.height).toBeLessThanOrEqual(bodyBox.y + 0.5)
  })
})
