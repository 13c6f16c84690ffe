import { ONRAMP_SANDBOX_CARDS, ONRAMP_SANDBOX_MESSAGES } from '@latch/protocol/constants'
import { englishText, type Locale } from '@latch/protocol/i18n'
import { QueryClient } from '@tanstack/query-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../../packages/core/src/api/client.ts'
import { createBalances } from '../../../packages/core/src/balances/createBalances.ts'
import { createTestAccount, evmAccount } from '../../../packages/core/src/chains/testAccount.ts'
import { createLatch } from '../../../packages/core/src/createLatch.ts'
import { createTestPopup } from '../../../packages/core/src/embedded/testEmbedded.ts'
import { createHistory } from '../../../packages/core/src/history/createHistory.ts'
import { defineEvmNetwork } from '../../../packages/core/src/network/index.ts'
import { createOnramp } from '../../../packages/core/src/onramp/createOnramp.ts'
// The real server, as its own tests start it: the kit's calls against the routes themselves.
import { startTestServer, type TestServer } from './helpers.ts'

const CHAIN_ID = 31337

/** The card form of a checkout page, filled in and posted as the visitor's browser would. */
async function payByCard(checkoutUrl: string, cardNumber: string): Promise<Response> {
  const page = await (await fetch(checkoutUrl)).text()
  const form = page.match(
    /<form method="post" action="([^"]+)">(?:(?!<\/form>).)*?name="method" value="card"(?:(?!<\/form>).)*?<\/form>/s,
  )
  if (!form?.[1]) throw new Error(`no card form on ${checkoutUrl}`)
  const idempotencyKey = form[0].match(/name="idempotencyKey" value="([^"]+)"/)?.[1]
  if (!idempotencyKey) throw new Error('no idempotency key in the card form')
  return fetch(new URL(form[1].replaceAll('&amp;', '&'), checkoutUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      method: 'card',
      idempotencyKey,
      cardNumber: cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '),
      expiry: '12/34',
      cvc: '123',
      name: 'Test Visitor',
    }),
    redirect: 'manual',
  })
}

describe('the on-ramp kit against the Latch server', () => {
  let server: TestServer
  let baseUrl: string
  beforeAll(async () => {
    // The history indexer, polling slower than the kit follows an order: Activity lags the payout.
    server = await startTestServer('pglite', { INDEXER_ENABLED: 'true', INDEXER_POLL_MS: '2500' })
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  /**
   * A fresh visitor's kit, connected on the devnet's first chain, on the server at `url`, the
   * modal speaking `locale` if given.
   */
  function visitor(url = baseUrl, locale?: Locale) {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const api = createApiClient({ baseUrl: url, projectId: 'latch-dev' })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const errors: string[] = []
    const balances = createBalances({
      api,
      queryClient,
      snackbar: { showError: (error) => errors.push(String(error)) },
      isSupported: async () => true,
    })
    const connection = createTestAccount(evmAccount(wallet.address, CHAIN_ID))
    const history = createHistory({
      api,
      queryClient,
      snackbar: { showError: (error) => errors.push(String(error)) },
      events: { emit: () => {} },
      activeNetwork: () => `eip155:${CHAIN_ID}`,
    })
    const windows: ReturnType<typeof createTestPopup>[] = []
    const snackbar: { variant: 'success' | 'error'; message: string }[] = []
    const onramp = createOnramp({
      api,
      account: connection,
      balances,
      snackbar: {
        showSuccess: (message) =>
          snackbar.push({ variant: 'success', message: englishText(message) }),
        showError: (error) => snackbar.push({ variant: 'error', message: String(error) }),
      },
      openPopup: () => {
        const window = createTestPopup()
        windows.push(window)
        return window
      },
      preloadImage: () => {},
      refreshActivity: (delivered) => history.refresh(delivered),
      ...(locale ? { locale: () => locale } : {}),
    })
    return { wallet, api, balances, history, onramp, windows, snackbar, errors }
  }

  /** A visitor with the project's providers, the server's currencies and `provider` chosen. */
  async function ready(
    provider: 'sandbox' | 'coinbase' | 'meld' = 'sandbox',
    url = baseUrl,
    locale?: Locale,
  ) {
    const kit = visitor(url, locale)
    const config = await kit.api.projectConfig()
    kit.onramp.setProviders(config.features.find((feature) => feature.id === 'onramp')?.config)
    await kit.onramp.loadCurrencies()
    kit.onramp.selectProvider(provider)
    return kit
  }

  it("offers the providers of the project's config once started: the sandbox on a test server", async () => {
    const latch = createLatch({
      projectId: 'latch-dev',
      serverUrl: baseUrl,
      networks: [defineEvmNetwork({ id: CHAIN_ID, name: 'Latch Devnet', rpcUrl: baseUrl })],
    })
    expect(latch.onramp.state.get().providers).toEqual([])
    await latch.start()
    expect(latch.onramp.state.get().providers.map((provider) => provider.id)).toEqual(['sandbox'])
    expect(latch.features.get().onramp).toBe(true)
  })

  it("loads the server's currencies: the first payment currency, the active chain's purchase one", async () => {
    const { onramp } = visitor()
    await onramp.loadCurrencies()
    const state = onramp.state.get()
    expect(state.currenciesStatus).toBe('ready')
    expect(state.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
    expect(state.paymentCurrency.id).toBe('USD')
    expect(state.purchaseCurrencies.length).toBeGreaterThan(0)
    expect(state.purchaseCurrency.networks.map((network) => network.chain_id)).toContain(
      String(CHAIN_ID),
    )
  })

  it('quotes: loading meanwhile, then what arrives; a refused quote stores the server message', async () => {
    const { onramp } = await ready()
    onramp.setPaymentAmount('50')
    const asked = onramp.getQuote()
    expect(onramp.state.get().quotesLoading).toBe(true)
    const quote = await asked
    if (!quote || quote.mocked) throw new Error(`expected a priced quote, got ${String(quote)}`)
    expect(quote.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
    expect(quote.coinbaseFee).toEqual({ amount: '0.75', currency: 'USD' })
    expect(Number(quote.purchaseAmount.amount)).toBeGreaterThan(0)
    expect(onramp.state.get()).toMatchObject({
      quotesLoading: false,
      purchaseAmount: quote.purchaseAmount.amount,
      error: undefined,
    })

    // Coinbase is known to the kit but not offered by this server: a 400 with its reason.
    onramp.setProviders(['coinbase', 'sandbox'])
    onramp.selectProvider('coinbase')
    expect(await onramp.getQuote()).toBeUndefined()
    expect(onramp.state.get()).toMatchObject({ quotesLoading: false, purchaseAmount: undefined })
    expect(onramp.state.get().error).toMatch(/coinbase/i)
  })

  it('buys 50 USD of the purchase currency by sandbox card: the order completes and the balance rises', async () => {
    const { wallet, onramp, windows, snackbar, balances, history } = await ready()
    onramp.setPaymentAmount('50')
    const quote = await onramp.getQuote()
    if (!quote || quote.mocked) throw new Error('expected a priced quote')
    const symbol = onramp.state.get().purchaseCurrency.symbol

    expect(await onramp.buy()).toBe(true)
    const checkout = onramp.state.get().checkout
    expect(checkout).toMatchObject({ provider: 'sandbox', status: 'open', windowOpen: true })
    expect(windows).toHaveLength(1)
    expect(windows[0]?.location.href).toBe(checkout?.url)
    await vi.waitFor(() => expect(onramp.state.get().order?.status).toBe('created'))

    // Activity on screen meanwhile.
    const stop = history.follow(wallet.address)
    const paid = await payByCard(checkout?.url ?? '', ONRAMP_SANDBOX_CARDS.succeeds)
    expect(paid.status).toBe(303)
    await vi.waitFor(() => expect(onramp.state.get().checkout?.status).toBe('completed'), {
      timeout: 20_000,
      interval: 100,
    })
    const order = onramp.state.get().order
    expect(order).toMatchObject({
      status: 'completed',
      purchaseAmount: quote.purchaseAmount,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    expect(windows[0]?.closed).toBe(true)
    const bought = quote.purchaseAmount.amount.includes('.')
      ? quote.purchaseAmount.amount.replace(/0+$/, '').replace(/\.$/, '')
      : quote.purchaseAmount.amount
    expect(snackbar).toContainEqual({ variant: 'success', message: `Bought ${bought} ${symbol}` })
    // The balances were fetched again, past the cache: what was bought is there.
    await vi.waitFor(() => expect(balances.state.get().status).toBe('success'))
    const held = balances.state.get().balances.find((entry) => entry.symbol === symbol)
    expect(Number(held?.quantity.numeric)).toBe(Number(quote.purchaseAmount.amount))

    // Activity was on screen: the list is asked for again until the indexer has the transfer.
    await vi.waitFor(
      () =>
        expect(history.state.get().transactions.map((entry) => entry.metadata)).toContainEqual(
          expect.objectContaining({ operationType: 'buy', hash: order?.txHash }),
        ),
      { timeout: 15_000, interval: 100 },
    )
    stop()
  })

  it("opens the sandbox's checkout in the modal's language, its amounts written that way", async () => {
    const { onramp, windows } = await ready('sandbox', baseUrl, 'fr')
    onramp.setPaymentAmount('50')
    expect(await onramp.buy()).toBe(true)
    const url = new URL(windows[0]?.location.href ?? '')
    expect(url.pathname).toMatch(/^\/onramp\/sandbox\/checkout\//)
    expect(url.searchParams.get('locale')).toBe('fr')
    const page = await (await fetch(url)).text()
    expect(page).toContain('<html lang="fr" dir="ltr">')
    expect(page).toContain('<dt>Vous payez</dt><dd>50,00\u00a0$US</dd>')
    expect(page).toContain('<strong>Mode test.</strong>')
    onramp.reset()
  })

  it("shows the provider's refusal of a declined card; the order stays open", async () => {
    const { onramp, windows } = await ready()
    onramp.setPaymentAmount('20')
    await onramp.getQuote()
    expect(await onramp.buy()).toBe(true)
    const url = onramp.state.get().checkout?.url ?? ''
    await payByCard(url, ONRAMP_SANDBOX_CARDS.declined)
    await vi.waitFor(
      () =>
        expect(onramp.state.get().order?.paymentError).toBe(ONRAMP_SANDBOX_MESSAGES.cardDeclined),
      { timeout: 10_000, interval: 100 },
    )
    expect(onramp.state.get().order?.status).toBe('created')
    expect(onramp.state.get().checkout?.status).toBe('open')

    // The visitor closed the window: the purchase still waits, and the window opens again.
    windows[0]?.close()
    await vi.waitFor(() => expect(onramp.state.get().checkout?.windowOpen).toBe(false))
    expect(onramp.reopen()).toBe(true)
    expect(windows[1]?.location.href).toBe(url)
    onramp.reset()
    expect(onramp.state.get().checkout).toBeUndefined()
  })

  it('sends a Meld purchase to its URL with the wallet and project, then refreshes once the window closes', async () => {
    const meldServer = await startTestServer('pglite', { ONRAMP_MELD_PUBLIC_KEY: 'meld-test-key' })
    try {
      const meldUrl = await meldServer.app.listen({ port: 0, host: '127.0.0.1' })
      const { onramp, windows, wallet, balances } = await ready('meld', meldUrl)
      expect(onramp.state.get().selectedProvider?.label).toBe('Meld')
      onramp.setPaymentAmount('100')
      await onramp.getQuote()
      expect(await onramp.buy()).toBe(true)
      const url = new URL(windows[0]?.location.href ?? '')
      expect(url.searchParams.get('publicKey')).toBe('meld-test-key')
      expect(url.searchParams.get('walletAddress')).toBe(wallet.address)
      expect(url.searchParams.get('destinationCurrencyCode')).toBe('USDC')
      expect(url.searchParams.get('externalCustomerId')).toBe('latch-dev')
      expect(onramp.state.get().checkout).toMatchObject({ provider: 'meld', status: 'open' })
      expect(onramp.state.get().checkout?.orderId).toBeUndefined()

      windows[0]?.close()
      await vi.waitFor(() => expect(onramp.state.get().checkout?.status).toBe('closed'))
      await vi.waitFor(() => expect(balances.state.get().status).toBe('success'))
      expect(balances.state.get().address).toBe(wallet.address)
    } finally {
      await meldServer.close()
    }
  })
})
