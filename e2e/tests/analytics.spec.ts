import type { BrowserContext, Page, Request } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { devnetWallet } from '../wallet.ts'

type SentEvent = { eventId: string; url: string; props: Record<string, unknown> }

/** Whether a request is one of the kit's analytics calls (config, batch or single event). */
const isAnalytics = (request: Request) => /\/(getAnalyticsConfig|batch|e)\?/.test(request.url())

/** A visitor connects the test wallet in the demo. */
async function connect(page: Page, address: string) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
  await expect(page.getByTestId('latch-account-address')).toHaveText(short(address))
}

/** The site owner's dashboard, logged in with the stack's admin token, in a page of its own. */
async function openDashboard(context: BrowserContext, serverUrl: string): Promise<Page> {
  const dashboard = await context.newPage()
  await dashboard.goto(`${serverUrl}/dashboard`)
  await dashboard.getByLabel('Admin token').fill(process.env.LATCH_ADMIN_TOKEN ?? '')
  await dashboard.getByRole('button', { name: 'Log in' }).click()
  await expect(dashboard.getByLabel('Project')).toHaveValue('latch-dev')
  return dashboard
}

/** The dashboard's connects: in all, and of one wallet (0 while it has no row). */
async function connectsOn(dashboard: Page, wallet: string) {
  const total = dashboard.getByTestId('total-connects')
  await expect(total).toBeVisible()
  const row = dashboard.getByTestId(`wallets-${wallet}-connected`)
  return {
    total: Number(await total.textContent()),
    wallet: (await row.count()) > 0 ? Number(await row.textContent()) : 0,
  }
}

test("connecting sends the funnel to the server, the owner's dashboard counts it, and a visitor with Global Privacy Control sends nothing", async ({
  page,
  stack,
  browser,
}) => {
  // A second visitor at the same time, whose browser asks sites not to track them.
  const privateContext = await browser.newContext()
  const privatePage = await privateContext.newPage()
  await privatePage.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })
  })
  const privateCalls: string[] = []
  privatePage.on('request', (request) => {
    if (isAnalytics(request)) privateCalls.push(request.url())
  })

  // What the site's owner reads before: the connects the earlier tests made, today's included.
  const dashboard = await openDashboard(page.context(), stack.serverUrl)
  const before = await connectsOn(dashboard, 'Latch Test Wallet')

  const wallet = await devnetWallet(page, stack)
  const privateWallet = await devnetWallet(privatePage, stack, { index: 1 })
  await Promise.all([page.goto(`${stack.demoUrl}?ref=campaign`), privatePage.goto(stack.demoUrl)])
  // The batch goes a few seconds after the first event: everything the connect emitted is in it.
  const batch = page.waitForResponse(
    (response) => response.url().includes('/batch?') && response.request().method() === 'POST',
    { timeout: 15_000 },
  )
  await Promise.all([connect(page, wallet.address), connect(privatePage, privateWallet.address)])

  const response = await batch
  const sent = response.request().postDataJSON() as SentEvent[]
  const names = sent.map((event) => event.props.event)
  expect(names).toEqual(
    expect.arrayContaining(['MODAL_OPEN', 'SELECT_METHOD', 'SELECT_WALLET', 'CONNECT_SUCCESS']),
  )
  expect(names.indexOf('SELECT_WALLET')).toBeLessThan(names.indexOf('CONNECT_SUCCESS'))
  expect(sent.find((event) => event.props.event === 'SELECT_WALLET')?.props).toMatchObject({
    name: 'Latch Test Wallet',
    platform: 'browser',
  })
  expect(sent.find((event) => event.props.event === 'CONNECT_SUCCESS')?.props).toMatchObject({
    method: 'browser',
    name: 'Latch Test Wallet',
    chain: 'eip155:31337',
  })
  // No address leaves the page in an event.
  expect(JSON.stringify(sent).toLowerCase()).not.toContain(wallet.address.toLowerCase().slice(2))
  // The server stored every one of them (new event ids).
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({
    received: sent.length,
    stored: sent.length,
    isAnalyticsEnabled: true,
  })

  // The private visitor's page is left (pagehide, when the kit would send by beacon): nothing went.
  await privatePage.close()
  await privateContext.close()
  expect(privateCalls).toEqual([])

  // The owner's dashboard counts the one connect that was sent, not the private visitor's.
  await dashboard.reload()
  expect(await connectsOn(dashboard, 'Latch Test Wallet')).toEqual({
    total: before.total + 1,
    wallet: before.wallet + 1,
  })
})
