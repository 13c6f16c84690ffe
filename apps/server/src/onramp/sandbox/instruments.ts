import {
  ONRAMP_SANDBOX_BANK,
  ONRAMP_SANDBOX_CARDS,
  ONRAMP_SANDBOX_MESSAGES,
  type OnrampPaymentMethod,
} from '@latch/protocol'

/** What the checkout page says of a form that does not check out. */
export const FIELD_MESSAGES = {
  cardNumber: 'Card number is not valid: check the digits',
  expiryFormat: 'Expiry must be MM/YY, such as 12/30',
  expiryPast: 'This card has expired: check the expiry date',
  cvc: 'CVC must be 3 or 4 digits',
  name: 'Enter the name on the card',
  routingNumber: 'Routing number is not valid: 9 digits with a valid checksum',
  accountNumber: 'Account number must be 4 to 17 digits',
  method: 'Choose how to pay: card or bank account',
} as const

/** A submitted checkout form: every field as text, as the browser sent it. */
export type PaymentForm = Readonly<Record<string, string | undefined>>

/** The sandbox's answer to a payment: taken, refused by the issuer or bank, or not a valid form. */
export type PaymentDecision =
  | { kind: 'accepted' }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; message: string }

const digitsOf = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '')

/** The Luhn checksum of a card number's digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The ABA checksum of a 9-digit US routing number: 3, 7, 1 weights, a multiple of 10. */
export function passesAbaChecksum(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1]
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0)
  return sum % 10 === 0
}

/** A card's expiry (MM/YY) is still ahead: it runs to the end of its month. */
function expiryMessage(expiry: string | undefined, now: Date): string | undefined {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(expiry ?? '')
  if (!match) return FIELD_MESSAGES.expiryFormat
  const [, month, year] = match
  const endOfMonth = Date.UTC(2000 + Number(year), Number(month), 1)
  return endOfMonth <= now.getTime() ? FIELD_MESSAGES.expiryPast : undefined
}

function decideCard(form: PaymentForm, now: Date): PaymentDecision {
  const number = digitsOf(form.cardNumber)
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    return { kind: 'invalid', message: FIELD_MESSAGES.cardNumber }
  const expiry = expiryMessage(form.expiry, now)
  if (expiry) return { kind: 'invalid', message: expiry }
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim()))
    return { kind: 'invalid', message: FIELD_MESSAGES.cvc }
  if (!(form.name ?? '').trim()) return { kind: 'invalid', message: FIELD_MESSAGES.name }
  if (number === ONRAMP_SANDBOX_CARDS.succeeds) return { kind: 'accepted' }
  if (number === ONRAMP_SANDBOX_CARDS.declined)
    return { kind: 'refused', message: ONRAMP_SANDBOX_MESSAGES.cardDeclined }
  return { kind: 'refused', message: ONRAMP_SANDBOX_MESSAGES.unknownCard }
}

function decideBank(form: PaymentForm): PaymentDecision {
  const routing = digitsOf(form.routingNumber)
  if (!passesAbaChecksum(routing)) return { kind: 'invalid', message: FIELD_MESSAGES.routingNumber }
  const account = digitsOf(form.accountNumber)
  if (!/^\d{4,17}$/.test(account)) return { kind: 'invalid', message: FIELD_MESSAGES.accountNumber }
  if (routing === ONRAMP_SANDBOX_BANK.routingNumber) {
    if (account === ONRAMP_SANDBOX_BANK.succeeds) return { kind: 'accepted' }
    if (account === ONRAMP_SANDBOX_BANK.insufficientFunds)
      return { kind: 'refused', message: ONRAMP_SANDBOX_MESSAGES.insufficientFunds }
  }
  return { kind: 'refused', message: ONRAMP_SANDBOX_MESSAGES.unknownBankAccount }
}

/**
 * The sandbox's test instruments: a form is checked as a real checkout would (Luhn, expiry ahead,
 * CVC; ABA checksum, account digits), then the test card or account decides the outcome.
 */
export function decidePayment(
  method: OnrampPaymentMethod,
  form: PaymentForm,
  now: Date,
): PaymentDecision {
  return method === 'card' ? decideCard(form, now) : decideBank(form)
}
