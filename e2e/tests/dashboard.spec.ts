import { SEEDED_ERROR, SEEDED_WALLET } from '../dashboardSeed.ts'
import { expect, test } from '../fixtures.ts'

function adminToken(): string {
  const token = process.env.LATCH_ADMIN_TOKEN
  if (!token) throw new Error('LATCH_ADMIN_TOKEN is not set: run through the global setup')
  return token
}

// One walk through the owner's dashboard: a refused token, the login, the seeded numbers and
// charts under the page's strict CSP (the fixture fails the test on any violation), another
// range, a reload that keeps the session, and the logout.
test("the site owner logs in with the admin token and reads the project's numbers", async ({
  page,
  stack,
}) => {
  const response = await page.goto(`${stack.serverUrl}/dashboard`)
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toContain("style-src 'self'")
  expect(policy).not.toContain('unsafe')

  const token = page.getByLabel('Admin token')
  await token.fill('not-the-admin-token')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Wrong admin token')

  await token.fill(adminToken())
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByLabel('Project')).toHaveValue('latch-dev')
  await expect(page.getByLabel('Range')).toHaveValue('30')

  // The seeded events, 20 days ago: 4 picks and 3 connects of a wallet no other test uses.
  await expect(page.getByTestId(`wallets-${SEEDED_WALLET}-chosen`)).toHaveText('4')
  await expect(page.getByTestId(`wallets-${SEEDED_WALLET}-connected`)).toHaveText('3')
  const connects = Number(await page.getByTestId('total-connects').textContent())
  expect(connects).toBeGreaterThanOrEqual(3)
  // The chart draws on a canvas uPlot sizes to its column.
  const chart = page.getByTestId('connects-chart')
  await expect(chart.locator('canvas')).toBeVisible()
  expect((await chart.boundingBox())?.width ?? 0).toBeGreaterThan(300)
  const error = page.getByTestId('errors').getByRole('row', { name: new RegExp(SEEDED_ERROR) })
  await expect(error.getByTestId(/^errors-\d+-count$/)).toHaveText('2')
  await expect(error.getByTestId(/^errors-\d+-views$/)).toHaveText('Connect (2)')
  await expect(error.getByTestId(/^errors-\d+-versions$/)).toHaveText('0.1.0 (2)')
  await expect(page.getByTestId('funnel-opened')).not.toHaveText('0')

  // A week back the seeded events are out of range.
  await page.getByLabel('Range').selectOption('7')
  await expect(page.locator('.board[data-days="7"]')).toBeVisible()
  await expect(page.getByTestId(`wallets-${SEEDED_WALLET}-chosen`)).toHaveCount(0)
  await expect(page.getByTestId('errors').getByText(SEEDED_ERROR)).toHaveCount(0)

  // The session is a cookie the page's script cannot read, and it survives a reload.
  expect(await page.evaluate(() => document.cookie)).toBe('')
  await page.reload()
  await expect(page.getByTestId(`wallets-${SEEDED_WALLET}-connected`)).toHaveText('3')

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByLabel('Admin token')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Admin token')).toBeVisible()
})
