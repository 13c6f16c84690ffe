import { describe, expect, it } from 'vitest'
import { DEFAULT_PAYMENT_CURRENCY, FALLBACK_ONRAMP_OPTIONS } from '../api/onrampFallbacks.ts'
import { INVALID_FIAT_AMOUNT, onrampAmountIssue, paymentLimits } from './amountIssue.ts'

const eur = FALLBACK_ONRAMP_OPTIONS.paymentCurrencies.find((currency) => currency.id === 'EUR')
if (!eur) throw new Error('EUR is a fallback currency')

describe('onrampAmountIssue (per payment method and currency limits)', () => {
  it('says the minimum and maximum of a card payment in the currency', () => {
    expect(onrampAmountIssue('9.99', DEFAULT_PAYMENT_CURRENCY, 'card')).toBe(
      'The minimum for a card payment is 10.00 USD',
    )
    expect(onrampAmountIssue('7500.01', DEFAULT_PAYMENT_CURRENCY, 'card')).toBe(
      'The maximum for a card payment is 7500.00 USD',
    )
    expect(onrampAmountIssue('8000', eur, 'card')).toBe(
      'The maximum for a card payment is 7500.00 EUR',
    )
  })

  it('takes the bank account limits for ach', () => {
    expect(onrampAmountIssue('8000', DEFAULT_PAYMENT_CURRENCY, 'ach')).toBeUndefined()
    expect(onrampAmountIssue('25000.50', DEFAULT_PAYMENT_CURRENCY, 'ach')).toBe(
      'The maximum for a bank transfer is 25000.00 USD',
    )
    expect(onrampAmountIssue('5', DEFAULT_PAYMENT_CURRENCY, 'ach')).toBe(
      'The minimum for a bank transfer is 10.00 USD',
    )
  })

  it('accepts the limits themselves and an empty field', () => {
    for (const amount of ['10', '10.00', '7500', '7500.0', ' 50 ', '', undefined])
      expect(onrampAmountIssue(amount, DEFAULT_PAYMENT_CURRENCY, 'card')).toBeUndefined()
  })

  it('refuses what is not an amount of at most 2 decimals', () => {
    for (const amount of ['abc', '10.001', '-20', '1,000', '1e3', '.5'])
      expect(onrampAmountIssue(amount, DEFAULT_PAYMENT_CURRENCY, 'card')).toBe(INVALID_FIAT_AMOUNT)
  })

  it("uses a currency's own limits, and the built-in ones for a method it does not list", () => {
    const gbp = {
      id: 'GBP',
      payment_method_limits: [{ id: 'card' as const, min: '20', max: '500' }],
    }
    expect(onrampAmountIssue('15', gbp, 'card')).toBe('The minimum for a card payment is 20 GBP')
    expect(paymentLimits(gbp, 'ach')).toEqual({ min: '10.00', max: '25000.00' })
  })
})
