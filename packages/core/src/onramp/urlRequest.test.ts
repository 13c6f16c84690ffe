import { describe, expect, it } from 'vitest'
import { DEFAULT_PAYMENT_CURRENCY } from '../api/onrampFallbacks.ts'
import { ONRAMP_PROVIDER_INFO } from './providers.ts'
import type { OnrampState } from './types.ts'
import { onrampUrlRequest } from './urlRequest.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NOW = Date.parse('2030-01-01T00:00:00Z')
const DEVNET_USDC = {
  id: 'USDC',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [
    {
      name: 'latch-devnet',
      display_name: 'Latch Devnet',
      chain_id: '31337',
      contract_address: '0x1',
    },
    {
      name: 'latch-devnet-2',
      display_name: 'Latch Devnet 2',
      chain_id: '31338',
      contract_address: '0x2',
    },
  ],
}

const state = (patch: Partial<OnrampState> = {}): OnrampState => ({
  providers: [ONRAMP_PROVIDER_INFO.sandbox],
  selectedProvider: ONRAMP_PROVIDER_INFO.sandbox,
  purchaseCurrency: DEVNET_USDC,
  paymentCurrency: DEFAULT_PAYMENT_CURRENCY,
  purchaseCurrencies: [DEVNET_USDC],
  paymentCurrencies: [DEFAULT_PAYMENT_CURRENCY],
  currenciesStatus: 'ready',
  quotesLoading: false,
  paymentAmount: '50',
  paymentMethod: 'card',
  ...patch,
})

const quote = (expiresAt: string) =>
  ({
    mocked: false,
    quoteId: '6f1c0f2e-8d1a-4c55-9a43-3b8e4f5a0c11',
    expiresAt,
    paymentTotal: { amount: '50', currency: 'USD' },
    paymentSubtotal: { amount: '49.24', currency: 'USD' },
    purchaseAmount: { amount: '49.24', currency: 'USDC' },
    networkFee: { amount: '0.01', currency: 'USD' },
    coinbaseFee: { amount: '0.75', currency: 'USD' },
  }) as const

describe('onrampUrlRequest (the body of POST /v1/generators/onrampurl)', () => {
  it('sends the tokens to the wallet on the active chain, with the amount, provider and quote', () => {
    const valid = quote(new Date(NOW + 60_000).toISOString())
    expect(
      onrampUrlRequest(state({ quote: valid }), { address: ADDRESS, chainId: 31338 }, NOW),
    ).toEqual({
      destinationWallets: [{ address: ADDRESS, blockchains: ['latch-devnet-2'], assets: ['USDC'] }],
      defaultNetwork: 'latch-devnet-2',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      presetFiatAmount: 50,
      provider: 'sandbox',
      paymentCurrency: 'USD',
      quoteId: valid.quoteId,
    })
  })

  it('leaves out a quote that expired or was mocked: the provider prices again', () => {
    const expired = quote(new Date(NOW - 1).toISOString())
    expect(
      onrampUrlRequest(state({ quote: expired }), { address: ADDRESS, chainId: 31337 }, NOW),
    ).not.toHaveProperty('quoteId')
    const mocked = {
      mocked: true as const,
      paymentTotal: { amount: '50', currency: 'USD' },
      purchaseCurrency: 'USDC',
      network: 'latch-devnet',
    }
    expect(
      onrampUrlRequest(state({ quote: mocked }), { address: ADDRESS, chainId: 31337 }, NOW),
    ).not.toHaveProperty('quoteId')
  })

  it('asks for meld with the same body: the server adds its parameters', () => {
    const request = onrampUrlRequest(
      state({ selectedProvider: ONRAMP_PROVIDER_INFO.meld }),
      { address: ADDRESS, chainId: 31337 },
      NOW,
    )
    expect(request).toMatchObject({ provider: 'meld', defaultNetwork: 'latch-devnet' })
  })

  it("asks the provider's checkout to speak the modal's language", () => {
    const account = { address: ADDRESS, chainId: 31337 }
    expect(onrampUrlRequest(state(), account, NOW, 'fr')).toMatchObject({ locale: 'fr' })
    expect(onrampUrlRequest(state(), account, NOW)).not.toHaveProperty('locale')
  })

  it('gives nothing without a provider or an amount', () => {
    const account = { address: ADDRESS, chainId: 31337 }
    expect(onrampUrlRequest(state({ selectedProvider: undefined }), account, NOW)).toBeUndefined()
    expect(onrampUrlRequest(state({ paymentAmount: ' ' }), account, NOW)).toBeUndefined()
  })
})
