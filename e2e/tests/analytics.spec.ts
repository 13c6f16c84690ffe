import type { Browser, BrowserContext, Page, Request, Response } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { short } from '../format.ts'
import { connectTestWallet, devnetWallet } from '../wallet.ts'

type SentEvent = { eventId: string; url: string; props: Record<string, unknown> }

/** Whether a request is one of the kit's analytics calls (config, batch or single event). */
const isAnalytics = (request: Request) => /\/(getAnalyticsConfig|batch|e)\?/.test(request.url())

/** Every event post (POST /e alone, POST /batch several) the page makes, with its answer. */
function eventPosts(page: Page): Response[] {
  const posts: Response[] = []
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && /\/(e|batch)\?/.test(response.url()))
      posts.push(response)
  })
  return posts
}

/** The events those posts carried, in the order sent. */
const eventsIn = (posts: readonly Response[]): SentEvent[] =>
  posts.flatMap((post) => [post.request().postDataJSON() as SentEvent | SentEvent[]].flat())

/** Each post was answered 200, every event in it stored (new event ids). */
async function expectStored(posts: readonly Response[]) {
  for (const post of posts) {
    const events = eventsIn([post]).length
    expect(post.status()).toBe(200)
    expect(await post.json()).toEqual({
      received: events,
      stored: events,
      isAnalyticsEnabled: true,
    })
  }
}

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

/**
 * A visitor whose browser asks sites not to track them, by Global Privacy Control or by Do Not
 * Track (the header and navigator.doNotTrack, as Chromium sends both with the setting on), with
 * every analytics call their page makes.
 */
async function privateVisitor(browser: Browser, signal: 'globalPrivacyControl' | 'doNotTrack') {
  const context = await browser.newContext(
    signal === 'doNotTrack' ? { extraHTTPHeaders: { DNT: '1' } } : {},
  )
  const page = await context.newPage()
  await page.addInitScript((name) => {
    Object.defineProperty(Navigator.prototype, name, {
      get: () => (name === 'doNotTrack' ? '1' : true),
    })
  }, signal)
  const calls: string[] = []
  page.on('request', (request) => {
    if (isAnalytics(request)) calls.push(request.url())
  })
  return { context, page, calls }
}

test("connecting sends the funnel to the server, the owner's dashboard counts it, and visitors with Global Privacy Control or Do Not Track send nothing", async ({
  page,
  stack,
  browser,
}) => {
  // Two more visitors at the same time, whose browsers ask sites not to track them.
  const privates = [
    await privateVisitor(browser, 'globalPrivacyControl'),
    await privateVisitor(browser, 'doNotTrack'),
  ]

  // What the site's owner reads before: the connects the earlier tests made, today's included.
  const dashboard = await openDashboard(page.context(), stack.serverUrl)
  const before = await connectsOn(dashboard, 'Latch Test Wallet')

  const wallet = await devnetWallet(page, stack)
  const privateWallets = await Promise.all(
    privates.map((visitor, index) => devnetWallet(visitor.page, stack, { index: index + 1 })),
  )
  const posts = eventPosts(page)
  await Promise.all([
    page.goto(`${stack.demoUrl}?ref=campaign`),
    ...privates.map((visitor) => visitor.page.goto(stack.demoUrl)),
  ])
  expect(await privates[1]?.page.evaluate(() => navigator.doNotTrack)).toBe('1')
  await Promise.all([
    connect(page, wallet.address),
    ...privates.map((visitor, index) =>
      connect(visitor.page, privateWallets[index]?.address ?? ''),
    ),
  ])

  // The kit sends a few seconds after the first event, and again a few after later ones.
  await expect
    .poll(() => eventsIn(posts).map((event) => event.props.event), { timeout: 15_000 })
    .toContain('CONNECT_SUCCESS')
  const sent = eventsIn(posts)
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
  await expectStored(posts)

  // The private visitors' pages are left (pagehide, when the kit would send by beacon): nothing
  // went, not even the question whether the project collects.
  for (const visitor of privates) {
    await visitor.page.close()
    await visitor.context.close()
    expect(visitor.calls).toEqual([])
  }

  // The owner's dashboard counts the one connect that was sent, not the private visitors'.
  await dashboard.reload()
  expect(await connectsOn(dashboard, 'Latch Test Wallet')).toEqual({
    total: before.total + 1,
    wallet: before.wallet + 1,
  })
})

/** The dashboard's row of an error the kit reported (Where: Kit) with `message`, if listed. */
function kitErrorRow(dashboard: Page, message: string) {
  return dashboard
    .getByTestId('errors')
    .getByRole('row')
    .filter({ has: dashboard.getByRole('rowheader', { name: message, exact: true }) })
    .filter({ has: dashboard.getByTestId(/^errors-\d+-event$/).getByText('Kit', { exact: true }) })
}

test("a visitor's declined sign-in reaches the owner's dashboard with its view and chain", async ({
  page,
  stack,
}) => {
  const dashboard = await openDashboard(page.context(), stack.serverUrl)
  await expect(dashboard.getByTestId('total-connects')).toBeVisible()
  const row = kitErrorRow(dashboard, 'Signature declined')
  // Other tests may have met it too: what counts is one more.
  const before =
    (await row.count()) > 0 ? Number(await row.getByTestId(/^errors-\d+-count$/).textContent()) : 0

  // The visitor connects where sign-in is required, and declines the message in the wallet.
  const posts = eventPosts(page)
  const wallet = await connectTestWallet(page, stack, { index: 3, path: '/?siwx=required' })
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn).toBeVisible()
  wallet.rejectNext('personal_sign')
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(page.getByText('Signature declined')).toBeVisible()

  // The kit reports what the visitor saw, where, on which chain, from which version.
  const reported = () => eventsIn(posts).filter((event) => event.props.event === 'KIT_ERROR')
  await expect.poll(() => reported().length, { timeout: 15_000 }).toBe(1)
  const error = reported()[0]
  expect(error?.props).toMatchObject({
    type: 'error',
    message: 'Signature declined',
    view: 'SIWXSignMessage',
    chain: 'eip155:31337',
  })
  await expectStored(posts)

  await dashboard.reload()
  await expect(row.getByTestId(/^errors-\d+-count$/)).toHaveText(String(before + 1))
  await expect(row.getByTestId(/^errors-\d+-views$/)).toContainText('SIWXSignMessage')
  await expect(row.getByTestId(/^errors-\d+-chains$/)).toContainText('eip155:31337')
  await expect(row.getByTestId(/^errors-\d+-versions$/)).toContainText(String(error?.props.version))
})
