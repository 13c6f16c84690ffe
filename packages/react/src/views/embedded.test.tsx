import type { LatchConfig, ViewName } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { prerenderPage, testLatch } from '../test/renderView.fixture.tsx'

/** The open modal's HTML on `view`, lazy views included (server render, no window). */
const renderModal = (options: Partial<LatchConfig> = {}, view: ViewName = 'Connect') =>
  prerenderPage(testLatch(options), view)

const withFrame = { walletFrameUrl: 'http://127.0.0.1:8788' }

describe('email and social login views', () => {
  it('offers no email or social login without walletFrameUrl', async () => {
    const html = await renderModal()
    expect(html).not.toContain('type="email"')
    expect(html).not.toContain('Log in with')
  })

  it('shows the email form and the socials in the configured order', async () => {
    const html = await renderModal(withFrame)
    expect(html).toMatch(/<label for="[^"]+" class="latch-visually-hidden">Email<\/label>/)
    const input = html.match(/<input[^>]*type="email"[^>]*>/)?.[0] ?? ''
    expect(input).toContain('autoComplete="email"')
    expect(input).toContain('placeholder="Email"')
    expect(html).toMatch(
      /<button type="submit" class="latch-button" disabled="">Continue<\/button>/,
    )
    const labels = [...html.matchAll(/aria-label="Log in with ([^"]+)"/g)].map((match) => match[1])
    expect(labels).toEqual(['Google', 'X', 'Farcaster', 'Discord', 'Apple', 'GitHub', 'Facebook'])
    // Email first, then social, then the wallets (the default order).
    expect(html.indexOf('type="email"')).toBeLessThan(html.indexOf('Log in with Google'))
    expect(html.indexOf('Log in with Google')).toBeLessThan(html.indexOf('aria-label="Wallets"'))
  })

  it('offers Log in with Farcaster where the site lists it, as a login that works', async () => {
    const html = await renderModal({ ...withFrame, features: { socials: ['farcaster', 'github'] } })
    expect(html).not.toContain('Soon')
    const labels = [...html.matchAll(/aria-label="Log in with ([^"]+)"/g)].map((match) => match[1])
    expect(labels).toEqual(['Farcaster', 'GitHub'])
    expect(html).toContain('data-provider="farcaster"')
  })

  it('shows ConnectingFarcaster waiting for its QR code before the channel is open', async () => {
    const html = await renderModal(withFrame, 'ConnectingFarcaster')
    expect(html).toContain('Farcaster</h2>')
    expect(html).toContain('data-testid="latch-connecting-farcaster" data-status="starting"')
    expect(html).toContain('Scan with your phone')
  })

  it("follows the site's features and order, the devnet's provider included", async () => {
    const html = await renderModal({
      ...withFrame,
      features: { email: false, socials: ['dev', 'github'] },
      connectMethodsOrder: ['wallet', 'social', 'email'],
    })
    expect(html).not.toContain('type="email"')
    const labels = [...html.matchAll(/aria-label="Log in with ([^"]+)"/g)].map((match) => match[1])
    expect(labels).toEqual(['Devnet', 'GitHub'])
    expect(html.indexOf('aria-label="Wallets"')).toBeLessThan(html.indexOf('Log in with Dev'))
  })

  it('renders six labelled digit inputs and Resend code on EmailVerifyOtp', async () => {
    const html = await renderModal(withFrame, 'EmailVerifyOtp')
    expect(html).toContain('Confirm Email</h2>')
    expect(html).toContain('Enter the code we sent to')
    const digits = [...html.matchAll(/aria-label="Digit (\d)" inputMode="numeric"/g)].map(
      (match) => match[1],
    )
    expect(digits).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(html).toMatch(
      /aria-label="Digit 1" inputMode="numeric" pattern="\[0-9\]\*" autoComplete="one-time-code"/,
    )
    expect(html).toContain('>Resend code</button>')
  })

  it('renders the placeholder the frame is laid over on ApproveTransaction', async () => {
    const html = await renderModal(withFrame, 'ApproveTransaction')
    expect(html).toContain('Approve Transaction</h2>')
    expect(html).toContain('class="latch-approve-frame" data-testid="latch-approve-transaction"')
    // The site draws no Approve or Reject of its own: the frame does, on its origin.
    expect(html).not.toMatch(/>(Approve|Reject)</)
  })
})
