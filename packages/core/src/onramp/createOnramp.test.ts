import { createServer } from 'node:net'
import { englishText } from '@latch/protocol/i18n'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../api/client.ts'
import { DEFAULT_PAYMENT_CURRENCY, DEFAULT_PURCHASE_CURRENCY } from '../api/onrampFallbacks.ts'
import { createTestAccount, evmAccount } from '../chains/testAccount.ts'
import { createTestPopup } from '../embedded/testEmbedded.ts'
import type { PopupWindow } from '../embedded/types.ts'
import { createOnramp } from './createOnramp.ts'
import { ONRAMP_NOT_CONNECTED, ONRAMP_POPUP_BLOCKED } from './errors.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A loopback port nothing listens on: the server "cannot be reached". */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

let serverUrl: string
beforeAll(async () => {
  serverUrl = `http://127.0.0.1:${await closedPort()}`
})

function setup(options: { connected?: boolean; popup?: PopupWindow | null } = {}) {
  const connection = createTestAccount(
    options.connected === false ? undefined : evmAccount(ADDRESS, 31337),
  )
  const preloaded: string[] = []
  const opened: (PopupWindow | null)[] = []
  const refreshed: unknown[] = []
  const snackbar: string[] = []
  const tracked: unknown[] = []
  const onramp = createOnramp({
    events: { emit: (event) => tracked.push(event) },
    api: createApiClient({ baseUrl: serverUrl, projectId: 'latch-dev' }),
    account: connection,
    balances: {
      refresh: async (target) => {
        refreshed.push(target)
      },
    },
    snackbar: {
      showSuccess: (message) => snackbar.push(englishText(message)),
      showError: (message) => snackbar.push(String(message)),
    },
    openPopup: () => {
      const popup = options.popup === undefined ? createTestPopup() : options.popup
      opened.push(popup)
      return popup
    },
    preloadImage: (url) => preloaded.push(url),
  })
  return { onramp, connection, preloaded, opened, refreshed, snackbar, tracked }
}

describe('the on-ramp state (providers, currencies, quotes)', () => {
  it('starts on USDC and USD with no provider, amount or quote', () => {
    const state = setup().onramp.state.get()
    expect(state).toMatchObject({
      providers: [],
      purchaseCurrency: DEFAULT_PURCHASE_CURRENCY,
      paymentCurrency: DEFAULT_PAYMENT_CURRENCY,
      quotesLoading: false,
      paymentMethod: 'card',
    })
    expect(state.selectedProvider).toBeUndefined()
    expect(state.paymentAmount).toBeUndefined()
    expect(state.purchaseAmount).toBeUndefined()
    expect(DEFAULT_PURCHASE_CURRENCY.networks.map((network) => network.chain_id)).toEqual([
      '1',
      '137',
    ])
  })

  it('keeps the known providers of a list; an invalid list empties it and drops the choice', () => {
    const { onramp } = setup()
    onramp.setProviders(['meld', 'nope', 'sandbox', 'coinbase'])
    expect(onramp.state.get().providers.map((provider) => provider.id)).toEqual([
      'coinbase',
      'meld',
      'sandbox',
    ])
    expect(onramp.selectProvider('sandbox')).toBe(true)
    expect(onramp.state.get().selectedProvider?.label).toBe('Sandbox (test mode)')
    onramp.setProviders('sandbox')
    expect(onramp.state.get().providers).toEqual([])
    expect(onramp.state.get().selectedProvider).toBeUndefined()
    expect(onramp.selectProvider('sandbox')).toBe(false)
  })

  it('falls back to USD and EUR, and USDC, when the server cannot be reached; then preloads images', async () => {
    const { onramp, preloaded } = setup()
    await onramp.loadCurrencies()
    const state = onramp.state.get()
    expect(state.currenciesStatus).toBe('ready')
    expect(state.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
    expect(state.paymentCurrency.id).toBe('USD')
    expect(state.paymentCurrency.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach', min: '10.00', max: '25000.00' },
    ])
    expect(state.purchaseCurrency).toEqual(DEFAULT_PURCHASE_CURRENCY)
    expect(preloaded).toEqual([
      `${serverUrl}/public/getCurrencyImage/USD?projectId=latch-dev`,
      `${serverUrl}/public/getCurrencyImage/EUR?projectId=latch-dev`,
      `${serverUrl}/public/getTokenImage/USDC?projectId=latch-dev`,
    ])
  })

  it('gives a mocked quote when the server cannot be reached, loading meanwhile', async () => {
    const { onramp } = setup()
    onramp.setPaymentAmount('50')
    const asked = onramp.getQuote()
    expect(onramp.state.get().quotesLoading).toBe(true)
    const quote = await asked
    expect(quote).toEqual({
      mocked: true,
      paymentTotal: { amount: '50', currency: 'USD' },
      purchaseCurrency: 'USDC',
      network: 'ethereum',
    })
    expect(onramp.state.get()).toMatchObject({ quotesLoading: false, quote, error: undefined })
    expect(onramp.state.get().purchaseAmount).toBeUndefined()
  })

  it('says the limit and asks no quote for an amount outside it', async () => {
    const { onramp } = setup()
    onramp.setPaymentAmount('5')
    expect(onramp.state.get()).toMatchObject({
      amountIssue: 'The minimum for a card payment is 10.00 USD',
      quotesLoading: false,
    })
    expect(await onramp.getQuote()).toBeUndefined()
    onramp.setPaymentMethod('ach')
    onramp.setPaymentAmount('20000')
    expect(onramp.state.get().amountIssue).toBeUndefined()
    onramp.setPaymentMethod('card')
    expect(onramp.state.get().amountIssue).toBe('The maximum for a card payment is 7500.00 USD')
  })

  it('refuses to buy for an account of a family it does not serve, opening nothing', async () => {
    const { onramp, connection, opened } = setup()
    const solana = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    connection.set({
      namespace: 'solana',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      caipAddress: `${solana}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`,
      caipNetworkId: solana,
    })
    onramp.setProviders(['sandbox'])
    onramp.selectProvider('sandbox')
    onramp.setPaymentAmount('50')
    expect(await onramp.buy()).toBe(false)
    expect(onramp.state.get().error).toBe('Network not supported for Buy')
    expect(opened).toEqual([])
  })

  it('buys only for a connected wallet, and says so when the window is blocked', async () => {
    const away = setup({ connected: false })
    away.onramp.setProviders(['sandbox'])
    away.onramp.selectProvider('sandbox')
    away.onramp.setPaymentAmount('50')
    expect(await away.onramp.buy()).toBe(false)
    expect(away.onramp.state.get().error).toBe(ONRAMP_NOT_CONNECTED)
    expect(away.opened).toEqual([])
    expect(away.tracked).toEqual([])

    const blocked = setup({ popup: null })
    blocked.onramp.setProviders(['sandbox'])
    blocked.onramp.selectProvider('sandbox')
    blocked.onramp.setPaymentAmount('50')
    expect(await blocked.onramp.buy()).toBe(false)
    expect(blocked.onramp.state.get()).toMatchObject({
      error: ONRAMP_POPUP_BLOCKED,
      checkout: undefined,
    })
  })

  it('closes the window it opened when the server cannot give the URL', async () => {
    const { onramp, opened, tracked } = setup()
    onramp.setProviders(['coinbase'])
    onramp.selectProvider('coinbase')
    onramp.setPaymentAmount('50')
    const buying = onramp.buy()
    expect(tracked).toEqual([
      {
        type: 'track',
        event: 'BUY_STARTED',
        properties: { provider: 'coinbase', chain: 'eip155:31337', token: 'USDC', fiat: 'USD' },
      },
    ])
    // The window opens in the click, before any answer.
    expect(opened).toHaveLength(1)
    expect(onramp.state.get().checkout).toMatchObject({ status: 'opening', provider: 'coinbase' })
    expect(await buying).toBe(false)
    expect(opened[0]?.closed).toBe(true)
    expect(onramp.state.get().checkout).toBeUndefined()
    expect(onramp.state.get().error).toBeTruthy()
  })

  it('resets to the defaults, keeping the providers; so does another account', async () => {
    const { onramp, connection } = setup()
    onramp.setProviders(['coinbase', 'meld'])
    onramp.selectProvider('meld')
    await onramp.loadCurrencies()
    onramp.setPaymentCurrency('EUR')
    onramp.setPaymentAmount('5')
    onramp.reset()
    const state = onramp.state.get()
    expect(state.providers.map((provider) => provider.id)).toEqual(['coinbase', 'meld'])
    expect(state).toMatchObject({
      paymentCurrency: DEFAULT_PAYMENT_CURRENCY,
      purchaseCurrency: DEFAULT_PURCHASE_CURRENCY,
      currenciesStatus: 'idle',
      quotesLoading: false,
    })
    expect(state.selectedProvider).toBeUndefined()
    expect(state.paymentAmount).toBeUndefined()
    expect(state.amountIssue).toBeUndefined()

    onramp.selectProvider('coinbase')
    connection.set(undefined)
    expect(onramp.state.get().selectedProvider).toBeUndefined()
  })
})
