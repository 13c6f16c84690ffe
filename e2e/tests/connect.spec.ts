import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { tabTo } from '../keyboard.ts'
import { connectTestWallet, devnetWallet, moveWalletToChain } from '../wallet.ts'

test.describe('connect modal with an injected wallet', () => {
  test('connects, survives a reload, shows the account and disconnects', async ({
    page,
    stack,
  }) => {
    const wallet = await devnetWallet(page, stack)
    // Every text the header's button shows from the first paint: a visitor who never connected
    // is not told the page is connecting while the kit checks for an earlier session.
    await page.addInitScript(() => {
      const shown = new Set<string>()
      ;(window as unknown as { buttonTexts: Set<string> }).buttonTexts = shown
      new MutationObserver(() => {
        const button = document.querySelector('[data-testid="latch-connect-button"]')
        if (button?.textContent) shown.add(button.textContent)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.goto(stack.demoUrl)
    await expect(page.getByTestId('server-status')).toContainText('Latch server online')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    expect(
      await page.evaluate(() => [
        ...(window as unknown as { buttonTexts: Set<string> }).buttonTexts,
      ]),
    ).toEqual(['Connect Wallet'])

    const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(modal).toBeVisible()
    const walletButton = modal.getByRole('button', { name: /Latch Test Wallet/ })
    await expect(walletButton).toContainText('Installed')
    await walletButton.click()

    await expect(modal).toBeHidden()
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
    await expect(page.getByTestId('demo-account')).toHaveText(
      `Connected ${wallet.address} on Latch Devnet`,
    )
    await expect(
      page.getByTestId('demo-events').getByText('CONNECT_SUCCESS (browser)'),
    ).toHaveCount(1)

    await page.reload()
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))

    await page.getByTestId('latch-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('latch-account-view-address')).toHaveText(
      short(wallet.address),
    )
    await expect(account.getByTestId('latch-account-balance')).toContainText('ETH')
    await expect(account.getByRole('tab', { name: 'Tokens' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await account.getByRole('button', { name: 'Disconnect' }).click()

    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await page.reload()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test('shows the declined state when the wallet rejects, and connects on retry', async ({
    page,
    stack,
  }) => {
    const wallet = await devnetWallet(page, stack)
    await page.goto(stack.demoUrl)
    // The user declines the wallet's first prompt, whichever request brings it up.
    wallet.rejectNext()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /Latch Test Wallet/ }).click()

    const view = page.getByTestId('latch-connecting-external')
    await expect(view).toHaveAttribute('data-status', 'declined')
    await expect(view).toContainText('Connection declined')
    await view.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByTestId('latch-modal')).toBeHidden()
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
  })

  test('switches network, adding the chain when the wallet does not know it (4902)', async ({
    page,
    stack,
  }) => {
    const wallet = await connectTestWallet(page, stack, { chainIds: [31337] })
    await expect(page.getByTestId('demo-account')).toContainText('on Latch Devnet')

    await page.getByTestId('latch-connect-button').click()
    await page.getByRole('button', { name: /Change network/ }).click()
    await page
      .getByRole('dialog', { name: 'Choose Network' })
      .getByRole('button', { name: 'Latch Devnet 2' })
      .click()

    await expect(page.getByTestId('demo-account')).toHaveText(
      `Connected ${wallet.address} on Latch Devnet 2`,
    )
    expect(wallet.chainId()).toBe(31338)
    const methods = wallet.requests.map((request) => request.method)
    expect(methods).toContain('wallet_addEthereumChain')
    expect(methods.indexOf('wallet_addEthereumChain')).toBeGreaterThan(
      methods.indexOf('wallet_switchEthereumChain'),
    )
  })

  test('opens UnsupportedChain when the wallet moves to a network the site does not list', async ({
    page,
    stack,
  }) => {
    const wallet = await connectTestWallet(page, stack)
    await expect(page.getByTestId('demo-account')).toContainText('on Latch Devnet')

    // The user adds and picks chain 1 in the wallet.
    await moveWalletToChain(page, 1, stack.devnet.chains[0]?.rpcUrl ?? '')

    const view = page.getByRole('dialog', { name: 'Switch Network' })
    await expect(view).toBeVisible()
    await expect(page.getByTestId('demo-account')).toContainText('on an unsupported network')
    await view.getByRole('button', { name: 'Latch Devnet 2' }).click()
    await expect(view).toBeHidden()
    await expect(page.getByTestId('demo-account')).toHaveText(
      `Connected ${wallet.address} on Latch Devnet 2`,
    )
  })

  test('lists two EIP-6963 wallets once each, and the last one used first next time', async ({
    page,
    stack,
  }) => {
    await devnetWallet(page, stack)
    const second = await devnetWallet(page, stack, {
      index: 1,
      info: { name: 'Second Test Wallet', rdns: 'dev.latch.second' },
    })
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const wallets = page.getByRole('list', { name: 'Wallets' })
    await expect(wallets.getByRole('button', { name: /^Latch Test Wallet/ })).toHaveCount(1)
    await expect(wallets.getByRole('button', { name: /^Second Test Wallet/ })).toHaveCount(1)

    await wallets.getByRole('button', { name: /^Second Test Wallet/ }).click()
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(second.address))
    await page.getByTestId('latch-connect-button').click()
    await page.getByRole('button', { name: 'Disconnect' }).click()

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const first = page.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
    await expect(first).toContainText('Second Test Wallet')
    await expect(first).toContainText('Recent')
    await expect(
      page
        .getByRole('list', { name: 'Wallets' })
        .getByRole('button', { name: /^Second Test Wallet/ }),
    ).toHaveCount(1)
  })

  test('connects with the keyboard alone, and Escape closes the modal', async ({ page, stack }) => {
    const wallet = await devnetWallet(page, stack)
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).focus()
    await page.keyboard.press('Enter')
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(modal).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(modal).toBeVisible()
    // Focus is inside the dialog; Tab to the wallet once it is listed, then Enter. How many
    // stops come before it depends on the logins the project's settings leave on.
    await expect(modal.getByRole('button', { name: /Latch Test Wallet/ })).toBeVisible()
    await tabTo(page, /Latch Test Wallet/)
    await expect(modal.getByRole('button', { name: /Latch Test Wallet/ })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
  })

  test('searches all wallets, and a wallet that is not installed shows where to get it', async ({
    page,
    stack,
  }) => {
    await devnetWallet(page, stack)
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /All Wallets/ }).click()
    const view = page.getByRole('dialog', { name: 'All Wallets' })
    const list = view.getByRole('list', { name: 'All wallets' })
    await expect(list.getByRole('button')).toHaveCount(40)
    // Scrolling to the end loads the next page; only wallets of the site's chain families (the
    // demo configures EVM, Solana and Bitcoin networks).
    const registry = await page.request.get(
      `${stack.serverUrl}/getWallets?projectId=latch-dev&entries=1&namespaces=eip155,solana,bip122`,
    )
    const total: number = (await registry.json()).count
    expect(total).toBeGreaterThan(40)
    const everyFamily = await page.request.get(
      `${stack.serverUrl}/getWallets?projectId=latch-dev&entries=1`,
    )
    expect((await everyFamily.json()).count).toBeGreaterThan(total)
    await list.getByRole('button').last().scrollIntoViewIfNeeded()
    await expect(list.getByRole('button')).toHaveCount(total)

    await view.getByRole('searchbox', { name: 'Search wallet' }).fill('rainb')
    await expect(list.getByRole('button')).toHaveCount(1)
    await expect(list.getByRole('button').first()).toHaveText(/Rainbow/)
    await list.getByRole('button', { name: /Rainbow/ }).click()

    // Rainbow pairs by QR code; the view also says where to get it.
    const pairing = page.getByRole('dialog', { name: 'Rainbow' })
    await expect(pairing.getByText('Scan with Rainbow')).toBeVisible()
    await pairing.getByRole('button', { name: "Don't have Rainbow? Get it" }).click()
    const get = page.getByTestId('latch-get-wallet')
    await expect(get).toContainText('Rainbow is not installed')
    await expect(get.getByRole('link').first()).toHaveAttribute('href', /^https:\/\//)
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('dialog', { name: 'All Wallets' })).toBeVisible()
  })

  test('offers window.ethereum as "Browser Wallet" when no wallet announces itself', async ({
    page,
    stack,
  }) => {
    const wallet = await devnetWallet(page, stack, { announce: false, injectWindowEthereum: true })
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const wallets = page.getByRole('list', { name: 'Wallets' })
    await expect(wallets.getByRole('button', { name: /^Browser Wallet/ })).toContainText(
      'Installed',
    )
    await expect(wallets.getByRole('button', { name: /Latch Test Wallet/ })).toHaveCount(0)
    await wallets.getByRole('button', { name: /^Browser Wallet/ }).click()
    await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
  })
})
