import type { LatchConfig } from '@latch/core'
import { onrampOptionsResponse, onrampQuoteRequest, onrampQuoteResponse } from '@latch/protocol'
import { describe, expect, it, vi } from 'vitest'
import { connectAccount, prerenderPage as render, testLatch } from '../test/renderView.fixture.tsx'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * A server answering the on-ramp's options and quotes as the contract says, and nothing else: the
 * request and both answers go through the protocol's schemas, so a drift from them fails here.
 */
const onrampServer: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (url.pathname === '/v1/onramp/options')
    return json(
      onrampOptionsResponse.parse({
        paymentCurrencies: [
          { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] },
        ],
        purchaseCurrencies: [
          {
            id: 'USDC',
            name: 'USD Coin',
            symbol: 'USDC',
            networks: [
              {
                name: 'latch-devnet',
                display_name: 'Latch Devnet',
                chain_id: '31337',
                contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
              },
            ],
          },
        ],
      }),
    )
  if (url.pathname === '/v1/onramp/quote') {
    const body = onrampQuoteRequest.parse(JSON.parse(String(init?.body)))
    return json(
      onrampQuoteResponse.parse({
        paymentTotal: { amount: body.amount, currency: body.paymentCurrency },
        paymentSubtotal: { amount: '98.49', currency: 'USD' },
        purchaseAmount: { amount: '98.490000', currency: 'USDC' },
        networkFee: { amount: '0.01', currency: 'USD' },
        coinbaseFee: { amount: '1.50', currency: 'USD' },
        quoteId: '6f1c0f2e-8d1a-4c55-9a43-3b8e4f5a0c11',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    )
  }
  return json({ message: 'not here' }, 404)
}

const latchWith = (options: Partial<LatchConfig> = {}) =>
  connectAccount(testLatch({ fetch: onrampServer, ...options }))

const waitFor = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 20 })

/** The on-ramp with the sandbox chosen and the server's currencies loaded. */
async function buying(options: Partial<LatchConfig> = {}) {
  const latch = latchWith(options)
  latch.onramp.setProviders(['sandbox'])
  latch.onramp.selectProvider('sandbox')
  await latch.onramp.loadCurrencies()
  return latch
}

describe('the on-ramp in the modal', () => {
  it('offers Buy in the Account view only when the project has providers', async () => {
    const latch = latchWith()
    expect(await render(latch, 'Account')).not.toMatch(/>Buy<\/button>/)
    latch.onramp.setProviders(['coinbase'])
    expect(await render(latch)).toMatch(
      /<button type="button" class="latch-button" data-variant="secondary">Buy<\/button>/,
    )
  })

  it('lists each provider with its label, description, fee range and ways to pay', async () => {
    const latch = latchWith()
    latch.onramp.setProviders(['sandbox', 'meld', 'coinbase'])
    const html = await render(latch, 'OnRampProviders')
    expect(html).toContain('Choose Provider</h2>')
    const names = [...html.matchAll(/class="latch-onramp-provider-name">([^<]+)</g)].map(
      (match) => match[1],
    )
    expect(names).toEqual(['Coinbase', 'Meld', 'Sandbox (test mode)'])
    expect(html.match(/<span class="latch-tag">Fees 1-2%<\/span>/g)).toHaveLength(3)
    expect(html).toContain('Card · Bank account')
    expect(html).toContain('Test payments that settle on the devnet')
  })

  it('labels the amount, offers presets and says the limits, then the limit broken', async () => {
    const latch = await buying()
    let html = await render(latch, 'OnRampBuy')
    const inputId = html.match(/<label for="([^"]+)">Amount<\/label>/)?.[1]
    expect(inputId).toBeTruthy()
    expect(html).toContain(`id="${inputId}"`)
    for (const preset of ['50', '100', '250'])
      expect(html).toContain(`aria-pressed="false">${preset} USD</button>`)
    expect(html).toContain('Limits for a card payment: 10.00 to 7500.00 USD</p>')
    expect(html).toMatch(
      /<button type="submit" class="latch-button" disabled=""[^>]*>Buy<\/button>/,
    )

    latch.onramp.setPaymentAmount('5')
    html = await render(latch)
    expect(html).toMatch(
      /class="latch-error-text" role="alert">The minimum for a card payment is 10\.00 USD</,
    )
    expect(html).toContain('aria-invalid="true"')
  })

  it('shows the quote: what arrives, each fee and the total', async () => {
    const latch = await buying()
    latch.onramp.setPaymentAmount('100')
    expect(await render(latch, 'OnRampBuy')).toMatch(/data-testid="latch-onramp-quote-amount">…</)
    await waitFor(() => latch.onramp.state.get().quote !== undefined)
    const html = await render(latch)
    expect(html).toContain('data-testid="latch-onramp-quote-amount">≈ 98.49 USDC</dd>')
    expect(html).toMatch(/<dt>Provider fee<\/dt><dd>1\.50 USD<\/dd>/)
    expect(html).toMatch(/<dt>Network fee<\/dt><dd>0\.01 USD<\/dd>/)
    expect(html).toMatch(/<dt>Total<\/dt><dd>100\.00 USD<\/dd>/)
    expect(html).toMatch(
      /<button type="submit" class="latch-button" aria-busy="false">Buy<\/button>/,
    )
    expect(html).toContain('USDC<span class="latch-muted">on Latch Devnet</span>')
  })

  it('says the provider prices it when the server cannot quote', async () => {
    const latch = await buying({ fetch: async () => json({ message: 'down' }, 503) })
    latch.onramp.setPaymentAmount('50')
    await waitFor(() => latch.onramp.state.get().quote !== undefined)
    const html = await render(latch, 'OnRampBuy')
    expect(html).toContain('The provider will show the final amount')
    expect(html).toContain('data-testid="latch-onramp-quote-amount">—</dd>')
    expect(html).toMatch(/<dt>Total<\/dt><dd>50\.00 USD<\/dd>/)
  })

  it('buys only for a connected wallet, and says so', async () => {
    const latch = await buying()
    latch.onramp.setPaymentAmount('50')
    await waitFor(() => latch.onramp.state.get().quote !== undefined)
    expect(await latch.onramp.buy()).toBe(false)
    expect(await render(latch, 'OnRampBuy')).toMatch(/role="alert">No ActiveCaipAddress found</)
  })

  it('lists the currencies to buy and to pay with, searchable, with their images', async () => {
    const latch = await buying()
    const tokens = await render(latch, 'OnRampTokenSelect')
    expect(tokens).toContain('aria-label="Currencies to buy"')
    expect(tokens).toContain('/public/getTokenImage/USDC?projectId=latch-dev')
    expect(tokens).toContain('USD Coin · Latch Devnet')
    latch.router.push('OnRampFiatSelect')
    const fiat = await render(latch)
    expect(fiat).toContain('/public/getCurrencyImage/USD?projectId=latch-dev')
    expect(fiat).toContain('US Dollar')
  })

  it('has nothing to follow in BuyInProgress before a purchase', async () => {
    const html = await render(latchWith(), 'BuyInProgress')
    expect(html).toContain('Buy in Progress</h2>')
    expect(html).toContain('No purchase is in progress')
  })
})
