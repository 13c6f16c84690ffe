import { createPublicClient, http } from 'viem'
import {
  askEmbeddedWallet,
  connectedAddress,
  enterCode,
  frameSessionToken,
  leaksKeyOf,
  loginWithEmail,
  startEmailLogin,
  walletFrame,
} from '../embedded.ts'
import { expect, test } from '../fixtures.ts'
import { freshEmail, mailsTo, readCode, readLink } from '../mail.ts'
import { embeddedAccounts } from '../smartAccount.ts'

const DEMO_MESSAGE = 'Hello from the Latch demo'

test.describe('email login: the embedded wallet on its own origin', () => {
  test('code from the mail, signature approved in the frame, reload keeps it, sign-out ends it; no key or token reaches the site', async ({
    page,
    stack,
  }) => {
    // Everything the site's origin could ever see: every response, every message it receives.
    const seen: string[] = []
    page.on('response', async (response) => {
      const body = await response.text().catch(() => '')
      seen.push(body)
    })
    await page.addInitScript(() => {
      const messages: string[] = []
      Object.assign(window, { __siteMessages: messages })
      window.addEventListener('message', (event) => messages.push(JSON.stringify(event.data)))
    })

    const email = freshEmail()
    await page.goto(stack.demoUrl)
    const address = await loginWithEmail(page, stack, email)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // The user acts with their smart account; its owner, the key the server keeps, never shows.
    const { owner } = await embeddedAccounts(page)
    const chain = stack.devnet.chains[0]
    if (!chain) throw new Error('no devnet chain')
    const client = createPublicClient({ transport: http(chain.rpcUrl) })

    // personal_sign waits for the frame's own Approve button, then verifies. The modal names it a
    // signature request: nothing is sent.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const approve = page.getByRole('dialog', { name: 'Signature Request' })
    await expect(approve).toBeVisible()
    const frame = await walletFrame(page, stack)
    const screen = frame.getByTestId('latch-approve')
    await expect(screen).toContainText(DEMO_MESSAGE)
    await expect(screen).toContainText(new URL(stack.demoUrl).host)
    await screen.locator('[data-action="approve"]').click()
    await expect(page.getByTestId('demo-signature')).toHaveText(/^0x[0-9a-f]+$/)
    const signature = (await page.getByTestId('demo-signature').textContent()) as `0x${string}`
    // The smart account is not deployed yet: an ERC-6492 signature, which the chain verifies.
    expect(await client.verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
    await expect(approve).toBeHidden()

    // Reject: the site gets a rejection, the user sees it was declined.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await frame.getByTestId('latch-approve').locator('[data-action="reject"]').click()
    await expect(page.getByTestId('demo-signature')).toHaveText('Not signed: Signature declined')
    await expect(page.getByRole('alert').getByText('Signature declined')).toBeVisible()

    // The session token lives on the frame's origin only.
    const token = await frameSessionToken(page, stack)
    const siteStorage = await page.evaluate(() =>
      JSON.stringify({
        local: { ...localStorage },
        session: { ...sessionStorage },
        cookies: document.cookie,
      }),
    )
    const messages = await page.evaluate(
      () => (window as unknown as { __siteMessages: string[] }).__siteMessages,
    )
    expect(siteStorage).not.toContain(token)
    for (const message of messages) expect(message).not.toContain(token)
    expect(leaksKeyOf(owner, [siteStorage, ...messages, ...seen])).toBeUndefined()

    // A stolen token is worthless anywhere but on the frame's origin (the site's own CSP does not
    // even let its page call that origin).
    const forged = await page.request.post(`${stack.frameUrl}/wallet/v1/session/user`, {
      headers: { authorization: `Bearer ${token}`, origin: new URL(stack.demoUrl).origin },
      data: {},
    })
    expect(forged.status()).toBe(403)
    const fromFrameOrigin = () =>
      page.request.post(`${stack.frameUrl}/wallet/v1/session/user`, {
        headers: { authorization: `Bearer ${token}`, origin: stack.frameUrl },
        data: {},
      })
    expect((await fromFrameOrigin()).status()).toBe(200)

    // A reload restores the session from the frame.
    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(address)

    // Sign-out revokes the session on the server and forgets it in the frame.
    await page.getByRole('button', { name: /0x/ }).first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    expect((await fromFrameOrigin()).status()).toBe(401)
    await page.reload()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test('an address that is not a valid email is answered with what is expected, and no mail goes out', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
    const email = freshEmail().replace('@', ' at ')
    await modal.getByLabel('Email').fill(email)
    await modal.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(modal.getByRole('alert')).toHaveText(
      'Enter a valid email address, like name@example.com',
    )
    await expect(modal.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    // Enter works the same way.
    await modal.getByLabel('Email').fill('ada@')
    await modal.getByLabel('Email').press('Enter')
    await expect(modal.getByRole('alert')).toHaveText(
      'Enter a valid email address, like name@example.com',
    )
    expect(await mailsTo(stack, email)).toEqual([])
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test('five wrong codes burn the code; a second request within 30 s shows the countdown', async ({
    page,
    stack,
  }) => {
    const email = freshEmail()
    await page.goto(stack.demoUrl)
    await startEmailLogin(page, email)
    const modal = page.getByRole('dialog')
    const code = await readCode(stack, email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 5; attempt++) {
      await enterCode(page, wrong)
      await expect(modal.getByRole('alert')).toContainText(/code/i)
    }
    await enterCode(page, code)
    await expect(modal.getByRole('alert')).toContainText('request a new code')
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')

    // Back to the email form: asking again within 30 s of the last request is refused.
    await modal.getByRole('button', { name: 'Back' }).click()
    await modal.getByLabel('Email').fill(email)
    await modal.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(modal.getByRole('alert')).toHaveText(
      /^Please try again after (\d|[12]\d|30) seconds$/,
    )
  })

  test('a known user on a new device approves it from the mail, then enters the code', async ({
    page,
    stack,
    browser,
  }) => {
    const email = freshEmail()
    await page.goto(stack.demoUrl)
    const address = await loginWithEmail(page, stack, email)

    // Another browser profile is another device.
    const other = await browser.newContext()
    const second = await other.newPage()
    try {
      await second.goto(stack.demoUrl)
      // The server allows one code or link per address per 30 s, whichever device asks.
      await startEmailLogin(second, email)
      const modal = second.getByRole('dialog')
      const refusal = modal.getByRole('alert')
      await expect(refusal).toHaveText(/^Please try again after \d+ seconds$/)
      const wait = Number(/(\d+) seconds/.exec((await refusal.textContent()) ?? '')?.[1])
      await second.waitForTimeout(wait * 1000)
      await modal.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(modal).toContainText(/approve/i)
      const link = await readLink(stack, email, 2)
      const approval = await other.newPage()
      await approval.goto(link)
      await expect(approval.getByRole('heading', { name: 'Device approved' })).toBeVisible()
      await approval.close()
      await enterCode(second, await readCode(stack, email, 3))
      await expect(second.getByTestId('demo-account')).toContainText('Connected')
      expect(await connectedAddress(second)).toBe(address)
    } finally {
      await other.close()
    }
  })

  test('a call outside the safe and approval lists is refused: "Action not allowed"', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    const address = await loginWithEmail(page, stack, freshEmail())
    const refused = await askEmbeddedWallet(page, 'eth_sign', [address, '0xdeadbeef'], {
      wait: true,
    })
    expect(refused).toContain('Requested RPC call is not allowed')
    await expect(page.getByText('Action not allowed')).toBeVisible()
  })

  test('messages from another origin are ignored by the frame and by the kit', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    const address = await loginWithEmail(page, stack, freshEmail())
    // A page on another origin, opened by the site, tries to drive the frame and fool the kit.
    await page.context().route('http://elsewhere.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><script>
          const site = window.opener
          for (let i = 0; i < site.frames.length; i++) {
            site.frames[i].postMessage({ type: '@latch-app/RPC_REQUEST', id: 'x1', payload: { method: 'personal_sign', params: ['0x68656c6c6f', '${address}'], chainId: 31337 } }, '*')
            site.frames[i].postMessage({ type: '@latch-app/SIGN_OUT', id: 'x2', payload: {} }, '*')
          }
          site.postMessage({ type: '@latch-frame/ACCOUNTS_CHANGED', payload: { accounts: ['0x0000000000000000000000000000000000000001'] } }, '*')
          site.postMessage({ type: '@latch-frame/SESSION_EXPIRED', payload: {} }, '*')
          document.title = 'sent'
        </script>`,
      }),
    )
    const [elsewhere] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => window.open('http://elsewhere.test/', '_blank')),
    ])
    await expect(elsewhere).toHaveTitle('sent')
    await elsewhere.close()

    const frame = await walletFrame(page, stack)
    await expect(frame.getByTestId('latch-approve')).toHaveCount(0)
    await expect(page.getByTestId('demo-account')).toContainText(address)
    // The session is intact: a reload still finds it.
    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(address)
  })
})
