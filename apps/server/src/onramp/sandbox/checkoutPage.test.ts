import { describe, expect, it } from 'vitest'
import type { StoredOrder } from '../store.ts'
import { checkoutLocale } from './checkoutLanguage.ts'
import { checkoutPage } from './checkoutPage.ts'

const now = new Date('2030-01-01T00:00:00Z')
const order: StoredOrder = {
  id: '3f1c2b1a-0000-4000-8000-000000000000',
  projectId: 'latch-dev',
  provider: 'sandbox',
  quoteId: null,
  status: 'created',
  paymentCurrency: 'USD',
  paymentTotalCents: 5000n,
  providerFeeCents: 75n,
  networkFeeCents: 20n,
  purchaseCurrency: 'USDC',
  chainId: 31337,
  tokenAddress: `0x${'a'.repeat(40)}`,
  decimals: 6,
  purchaseUnits: 49_050_000n,
  address: `0x${'b'.repeat(40)}`,
  paymentMethod: null,
  paymentError: null,
  failureReason: null,
  sender: null,
  txNonce: null,
  rawTx: null,
  txHash: null,
  createdAt: now,
  updatedAt: now,
  expiresAt: new Date(now.getTime() + 60_000),
  paidAt: null,
  settledAt: null,
}

describe('the sandbox checkout page', () => {
  it('refreshes itself while a paid order is on its way, and not once it is sent', () => {
    const pending = checkoutPage(
      { ...order, status: 'pending', paymentMethod: 'card', paidAt: now },
      { networkName: 'Latch Devnet', now },
    )
    expect(pending).toContain('<meta http-equiv="refresh" content="2">')
    expect(pending).toContain('<h1>Payment received</h1>')
    expect(pending).toContain('Sending 49.05 USDC to your wallet.')
    expect(pending).not.toContain('<form')

    const hash = `0x${'c'.repeat(64)}` as const
    const sent = checkoutPage(
      { ...order, status: 'completed', paidAt: now, txHash: hash },
      { networkName: 'Latch Devnet', now },
    )
    expect(sent).not.toContain('http-equiv="refresh"')
    expect(sent).toContain('<h1>49.05 USDC sent</h1>')
    expect(sent).toContain(hash)
  })

  it('escapes what it shows and gives each render its own idempotency keys', () => {
    const withError = { ...order, paymentError: '<b>declined</b> & "gone"' }
    const first = checkoutPage(withError, { networkName: '<Devnet>', now })
    expect(first).toContain('&#60;b&#62;declined&#60;/b&#62; &#38; &#34;gone&#34;')
    expect(first).toContain('<dd>&#60;Devnet&#62;</dd>')
    const keys = (html: string) =>
      [...html.matchAll(/name="idempotencyKey" value="([^"]+)"/g)].map((match) => match[1])
    const second = checkoutPage(withError, { networkName: 'Latch Devnet', now })
    expect(keys(first)).toHaveLength(2)
    expect(new Set([...keys(first), ...keys(second)]).size).toBe(4)
  })

  it("speaks the language its URL or the browser's Accept-Language asks for, Arabic right to left", () => {
    expect(checkoutLocale({ acceptLanguage: 'de-CH,de;q=0.9,en;q=0.8' })).toBe('de')
    expect(checkoutLocale({ locale: 'ar', acceptLanguage: 'de' })).toBe('ar')
    expect(checkoutLocale({ locale: 'xx', acceptLanguage: 'nl, ja;q=0.5' })).toBe('ja')
    expect(checkoutLocale({})).toBe('en')

    const german = checkoutPage(order, { networkName: 'Latch Devnet', now, locale: 'de' })
    expect(german).toContain('<html lang="de" dir="ltr">')
    expect(german).toContain('<h1>USDC kaufen</h1>')
    expect(german).toContain('<dt>Du zahlst</dt><dd>50,00\u00a0$</dd>')
    expect(german).toContain('<button type="submit">Mit Karte zahlen</button>')

    const arabic = checkoutPage(order, {
      networkName: 'Latch Devnet',
      now,
      locale: 'ar',
      localeParam: 'ar',
    })
    expect(arabic).toContain('<html lang="ar" dir="rtl">')
    expect(arabic).toContain('<h1>شراء USDC</h1>')
    // The form's answer keeps the language the URL asked for.
    expect(arabic).toContain(`action="/onramp/sandbox/checkout/${order.id}/pay?locale=ar"`)

    const english = checkoutPage(order, { networkName: 'Latch Devnet', now })
    expect(english).toContain('<html lang="en" dir="ltr">')
    expect(english).toContain('<h1>Buy USDC</h1>')
  })

  it('writes its amounts and its test-mode notice in the language of the page', () => {
    const french = checkoutPage(order, { networkName: 'Latch Devnet', now, locale: 'fr' })
    expect(french).toContain('<dt>Vous payez</dt><dd>50,00\u00a0$US</dd>')
    expect(french).toContain('<dt>Frais du fournisseur</dt><dd>0,75\u00a0$US</dd>')
    expect(french).toContain('<dt>Vous recevez</dt><dd>49,05 USDC</dd>')
    expect(french).toContain(
      '<p class="banner" role="note"><strong>Mode test.</strong> Aucun argent réel ne circule.',
    )
    expect(french).toContain('La carte 4242 4242 4242 4242 est acceptée')
    const english = checkoutPage(order, { networkName: 'Latch Devnet', now, locale: 'en' })
    expect(english).toContain('<dt>You pay</dt><dd>$50.00</dd>')
    expect(english).toContain('<strong>Test mode.</strong> No real money moves. Card 4242')
  })
})
