import type { Page } from '@playwright/test'
import { createPublicClient, http, verifyMessage } from 'viem'
import { expect, type StackInfo, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { readQrCode } from '../qr.ts'
import { walletConnectWallet } from '../wallet.ts'

// The demo asks for this signature (apps/demo/src/App.tsx).
const DEMO_MESSAGE = 'Hello from the Latch demo'

/** Opens the modal, picks WalletConnect and reads the pairing URI off the QR code. */
async function openWalletConnectQr(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  const modal = page.getByRole('dialog', { name: 'WalletConnect' })
  const qr = modal.getByRole('img', { name: /QR code/ })
  await expect(qr).toBeVisible()
  const uri = await readQrCode(qr)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/**
 * How many session proposals the page's WalletConnect client still keeps (its IndexedDB store).
 * Ending one is asynchronous: a test that moves the clock must wait for it, as real time would.
 */
function storedProposals(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('WALLET_CONNECT_V2_INDEXED_DB')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          // Closed after reading, so the client's own connection never waits on this one.
          const done = (count: number) => {
            db.close()
            resolve(count)
          }
          if (!db.objectStoreNames.contains('keyvaluestorage')) return done(0)
          // The sign client's proposal list, under the kit's storage prefix: wc@2:client:<v>:…:proposal.
          const store = db.transaction('keyvaluestorage', 'readonly').objectStore('keyvaluestorage')
          const keys = store.getAllKeys(IDBKeyRange.bound('wc@2:client:', 'wc@2:client:\uffff'))
          keys.onerror = () => reject(keys.error)
          keys.onsuccess = () => {
            const key = keys.result.find((candidate) => String(candidate).endsWith(':proposal'))
            if (key === undefined) return done(0)
            const read = store.get(key)
            read.onerror = () => reject(read.error)
            read.onsuccess = () => {
              const list = typeof read.result === 'string' ? JSON.parse(read.result) : read.result
              done(Array.isArray(list) ? list.length : 0)
            }
          }
        }
      }),
  )
}

function chainClient(stack: StackInfo, chainId: number) {
  const chain = stack.devnet.chains.find((candidate) => candidate.chainId === chainId)
  if (!chain) throw new Error(`no devnet chain ${chainId}`)
  return createPublicClient({ transport: http(chain.rpcUrl) })
}

test.describe('WalletConnect over the local relay', () => {
  // Sharper screenshots of the QR code, as from a good phone camera.
  test.use({ deviceScaleFactor: 2, permissions: ['clipboard-read', 'clipboard-write'] })

  test('pairs from the QR code, then signs and sends through the phone wallet', async ({
    page,
    stack,
  }) => {
    const wallet = await walletConnectWallet(stack, { index: 5 })
    try {
      await page.goto(stack.demoUrl)
      const uri = await openWalletConnectQr(page)

      // The copy link holds the same URI as the code.
      const modal = page.getByRole('dialog', { name: 'WalletConnect' })
      await modal.getByRole('button', { name: 'Copy link' }).click()
      await expect(page.getByRole('status').getByText('Link copied')).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri)

      const proposal = await wallet.pair(uri)
      expect(proposal.proposer.name).toBe('Latch demo')
      expect([...proposal.requiredChains, ...proposal.optionalChains]).toEqual(
        expect.arrayContaining(['eip155:31337', 'eip155:31338']),
      )
      await wallet.approve()

      await expect(modal).toBeHidden()
      await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )
      await expect(
        page.getByTestId('demo-events').getByText('CONNECT_SUCCESS (qrcode)'),
      ).toHaveCount(1)

      await page.getByRole('button', { name: 'Sign a message' }).click()
      await expect(page.getByTestId('demo-signature')).toHaveText(/^0x[0-9a-f]{130}$/)
      const signature = (await page.getByTestId('demo-signature').textContent()) as `0x${string}`
      expect(
        await verifyMessage({ address: wallet.address, message: DEMO_MESSAGE, signature }),
      ).toBe(true)
      expect((await wallet.waitForRequest('personal_sign')).chainId).toBe('eip155:31337')

      const before = await chainClient(stack, 31337).getBalance({ address: wallet.address })
      await page.getByRole('button', { name: 'Send 0.001 ETH to yourself' }).click()
      await expect(page.getByTestId('demo-transaction')).toHaveText(
        /^Confirmed 0x[0-9a-f]{64} in block \d+$/,
      )
      const hash = (await page.getByTestId('demo-transaction').textContent())?.split(' ')[1] as
        | `0x${string}`
        | undefined
      if (!hash) throw new Error('no transaction hash shown')
      const receipt = await chainClient(stack, 31337).getTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
      // Sent to itself: only the fee left the account.
      const after = await chainClient(stack, 31337).getBalance({ address: wallet.address })
      expect(before - after).toBe(receipt.gasUsed * receipt.effectiveGasPrice)
    } finally {
      await wallet.close()
    }
  })

  test('keeps the session across a reload and follows the wallet: account, chain, disconnect', async ({
    page,
    stack,
  }) => {
    const wallet = await walletConnectWallet(stack, { index: 6 })
    try {
      await page.goto(stack.demoUrl)
      await wallet.pair(await openWalletConnectQr(page))
      await wallet.approve()
      await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))

      await page.reload()
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )

      await wallet.switchAccount(1)
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )
      await expect(page.getByTestId('latch-account-address')).toHaveText(short(wallet.address))

      await wallet.switchChain(31338)
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet 2`,
      )

      await wallet.disconnect()
      await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
      await page.reload()
      await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    } finally {
      await wallet.close()
    }
  })

  test("a registry wallet's QR code carries its logo and still scans; it becomes a recent wallet", async ({
    page,
    stack,
  }) => {
    const wallet = await walletConnectWallet(stack, { index: 4, name: 'Trust Wallet' })
    try {
      await page.goto(stack.demoUrl)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page
        .getByRole('dialog', { name: 'Connect Wallet' })
        .getByRole('button', { name: /Trust Wallet/ })
        .click()
      const modal = page.getByRole('dialog', { name: 'Trust Wallet' })
      await expect(modal.getByText('Scan with Trust Wallet')).toBeVisible()
      const qr = modal.getByRole('img', { name: 'QR code to connect Trust Wallet' })
      await expect(qr.locator('.latch-qr-logo img')).toBeVisible()
      await wallet.pair(await readQrCode(qr))
      await wallet.approve()
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )

      await page.getByTestId('latch-connect-button').click()
      await page
        .getByRole('dialog', { name: 'Account' })
        .getByRole('button', { name: 'Disconnect' })
        .click()
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await expect(
        page
          .getByRole('dialog', { name: 'Connect Wallet' })
          .getByRole('button', { name: /Trust Wallet/ }),
      ).toContainText('Recent')
    } finally {
      await wallet.close()
    }
  })

  test('a declined pairing shows the declined state; trying again pairs anew', async ({
    page,
    stack,
  }) => {
    const wallet = await walletConnectWallet(stack, { index: 7 })
    try {
      await page.goto(stack.demoUrl)
      const first = await openWalletConnectQr(page)
      await wallet.pair(first)
      await wallet.reject()

      const modal = page.getByRole('dialog', { name: 'WalletConnect' })
      await expect(modal.getByText('Connection declined')).toBeVisible()
      await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
      await modal.getByRole('button', { name: 'Try again' }).click()

      const second = await readQrCode(modal.getByRole('img', { name: /QR code/ }))
      expect(second).not.toBe(first)
      await wallet.pair(second)
      await wallet.approve()
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )
    } finally {
      await wallet.close()
    }
  })

  test('a QR code left unanswered ends quietly: no page error when its proposal expires', async ({
    page,
    stack,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.clock.install()
    await page.goto(stack.demoUrl)
    await openWalletConnectQr(page)
    await expect.poll(() => storedProposals(page)).toBe(1)
    // The visitor leaves the QR view without scanning it: the kit ends its proposal.
    await page
      .getByRole('dialog', { name: 'WalletConnect' })
      .getByRole('button', { name: 'Close' })
      .click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect.poll(() => storedProposals(page)).toBe(0)
    // WalletConnect gives a proposal 5 minutes; well past that, nothing was thrown at the page.
    await page.clock.runFor('06:00')
    await page.waitForTimeout(500)
    expect(errors).toEqual([])
    // The kit still pairs afresh.
    const wallet = await walletConnectWallet(stack, { index: 7 })
    try {
      await wallet.pair(await openWalletConnectQr(page))
      await wallet.approve()
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )
    } finally {
      await wallet.close()
    }
    expect(errors).toEqual([])
  })

  test('an expiring pairing is replaced by a new code, which still connects', async ({
    page,
    stack,
  }) => {
    const wallet = await walletConnectWallet(stack, { index: 8 })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    try {
      await page.clock.install()
      await page.goto(stack.demoUrl)
      const first = await openWalletConnectQr(page)
      const qr = page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', {
        name: /QR code/,
      })

      // Ten seconds before the 4 minute expiry the code counts as expired.
      await page.clock.fastForward('03:49')
      expect(await readQrCode(qr)).toBe(first)
      await page.clock.fastForward('00:02')
      await expect.poll(() => readQrCode(qr).catch(() => first)).not.toBe(first)

      await wallet.pair(await readQrCode(qr))
      await wallet.approve()
      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )
      // The replaced code's proposal ended with it: its 5 minutes pass without a page error.
      await page.clock.runFor('01:30')
      expect(errors).toEqual([])
    } finally {
      await wallet.close()
    }
  })
})

test.describe('WalletConnect on a phone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  })

  test('a registry wallet opens by its deep link and connects as mobile', async ({
    page,
    stack,
  }) => {
    const wallet = await walletConnectWallet(stack, { index: 9, name: 'Rainbow' })
    try {
      await page.goto(stack.demoUrl)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page
        .getByRole('dialog', { name: 'Connect Wallet' })
        .getByRole('button', { name: /Rainbow/ })
        .click()

      const modal = page.getByRole('dialog', { name: 'Rainbow' })
      const open = modal.getByRole('link', { name: 'Open Rainbow' })
      await expect(open).toHaveAttribute('href', /^rainbow:\/\/wc\?uri=wc%3A/)
      // No QR code on a phone: the wallet is on this device.
      await expect(modal.getByRole('img', { name: /QR code/ })).toHaveCount(0)
      const href = (await open.getAttribute('href')) ?? ''
      const uri = decodeURIComponent(href.slice('rainbow://wc?uri='.length))

      // The phone would switch to the app; the page stays (an unknown scheme goes nowhere here).
      await open.dispatchEvent('click')
      await wallet.pair(uri)
      await wallet.approve()

      await expect(page.getByTestId('demo-account')).toHaveText(
        `Connected ${wallet.address} on Latch Devnet`,
      )
      await expect(
        page.getByTestId('demo-events').getByText('CONNECT_SUCCESS (mobile)'),
      ).toHaveCount(1)
      // The deep link chosen is remembered for the next time.
      const stored = await page.evaluate(() => localStorage.getItem('@latch/deep_link_choice'))
      expect(JSON.parse(stored ?? 'null')).toEqual({ name: 'Rainbow', href: 'rainbow://' })
    } finally {
      await wallet.close()
    }
  })
})
