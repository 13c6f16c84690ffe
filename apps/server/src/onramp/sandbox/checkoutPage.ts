import { randomBytes } from 'node:crypto'
import { ONRAMP_SANDBOX_BANK, ONRAMP_SANDBOX_CARDS } from '@latch/protocol'
import { formatDecimal, type Locale, numberFormat, textDirection } from '@latch/protocol/i18n'
import { formatUnits, getAddress } from 'viem'
import { styleHashSource } from '../../frame/security.ts'
import { checkoutPath } from '../createSandboxOrder.ts'
import type { StoredOrder } from '../store.ts'
import { CHECKOUT_WORDS, type CheckoutWords } from './checkoutLanguage.ts'

// One inline sheet, allowed by its hash: the page loads nothing else and runs no script.
const PAGE_CSS =
  'body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1c1e21;margin:0}' +
  'main{max-width:30rem;margin:0 auto;padding:1.5rem}' +
  '.banner{background:#fff4d6;border:1px solid #e0b43a;border-radius:.5rem;padding:.75rem;' +
  'font-size:.875rem;line-height:1.5}' +
  'h1{font-size:1.25rem}h2{font-size:1rem;margin:0 0 .5rem}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}' +
  'dt{color:#5f6368}dd{margin:0;overflow-wrap:anywhere}' +
  'section{background:#fff;border:1px solid #dadce0;border-radius:.5rem;padding:1rem;' +
  'margin:0 0 1rem}label{display:block;font-size:.875rem;margin:.5rem 0 .25rem}' +
  'input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #9aa0a6;' +
  'border-radius:.25rem}button{margin-top:.75rem;width:100%;padding:.625rem;font:inherit;' +
  'font-weight:600;color:#fff;background:#1a56db;border:0;border-radius:.25rem;cursor:pointer}' +
  '.alert{background:#fde8e8;border:1px solid #c81e1e;color:#9b1c1c;border-radius:.5rem;' +
  'padding:.75rem}code{overflow-wrap:anywhere}'

/**
 * The checkout's Content-Security-Policy: nothing loads, no script runs, forms post to this
 * origin only, and no other page may frame it.
 */
export const CHECKOUT_POLICY = [
  "default-src 'none'",
  `style-src ${styleHashSource(PAGE_CSS)}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

/** What the checkout says when it cannot take a payment. */
export const CHECKOUT_MESSAGES = {
  notFound: 'No sandbox checkout has this id.',
  expired: 'This checkout expired before it was paid: start a new purchase on the site.',
  badForm: 'This form is out of date: reload the page and pay again.',
} as const

/** The checkout page's headings (a browser test finds them by these). */
export const CHECKOUT_TEXT = CHECKOUT_WORDS.en

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ')

/** A new idempotency key for a form: one per page render. */
const newIdempotencyKey = () => randomBytes(18).toString('base64url')

/** Fills `{name}` in one of the page's words with its (escaped) value. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

function page(body: string, options: { refresh?: boolean; locale?: Locale } = {}): string {
  const locale = options.locale ?? 'en'
  return (
    `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="referrer" content="no-referrer">' +
    (options.refresh ? '<meta http-equiv="refresh" content="2">' : '') +
    `<title>${CHECKOUT_WORDS[locale].title}</title><style>${PAGE_CSS}</style></head>` +
    `<body><main>${body}</main></body></html>`
  )
}

/** The test-mode notice: the sandbox's cards and bank account, in the page's language. */
const banner = (words: CheckoutWords) =>
  `<p class="banner" role="note"><strong>${words.testMode}</strong> ` +
  `${fill(words.testNotice, {
    succeeds: spaced(ONRAMP_SANDBOX_CARDS.succeeds),
    declined: spaced(ONRAMP_SANDBOX_CARDS.declined),
    routing: ONRAMP_SANDBOX_BANK.routingNumber,
    account: ONRAMP_SANDBOX_BANK.succeeds,
    insufficient: ONRAMP_SANDBOX_BANK.insufficientFunds,
  })}</p>`

const alert = (message: string | null | undefined) =>
  message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : ''

/** What the order buys, every digit kept, with the locale's separators: "49,26125 USDC". */
const bought = (order: StoredOrder, locale: Locale) =>
  `${formatDecimal(formatUnits(order.purchaseUnits, order.decimals), locale)} ${order.purchaseCurrency}`

/** Money as the locale writes it: "50,00 $US" in French, "$50.00" in English. */
const money = (cents: bigint, currency: string, locale: Locale) =>
  numberFormat(locale, { style: 'currency', currency }).format(Number(cents) / 100)

function summary(
  order: StoredOrder,
  networkName: string,
  words: CheckoutWords,
  locale: Locale,
): string {
  const fiat = (cents: bigint) => money(cents, order.paymentCurrency, locale)
  const rows: [string, string][] = [
    [words.youPay, fiat(order.paymentTotalCents)],
    [words.youReceive, bought(order, locale)],
    [words.network, networkName],
    [words.to, getAddress(order.address)],
    [words.providerFee, fiat(order.providerFeeCents)],
    [words.networkFee, fiat(order.networkFeeCents)],
  ]
  return `<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`
}

function field(id: string, name: string, label: string, extra: string): string {
  return `<label for="${id}">${label}</label><input id="${id}" name="${name}" required ${extra}>`
}

function forms(order: StoredOrder, words: CheckoutWords, localeParam: string | undefined): string {
  // A language the page was asked for by its URL stays with the form's answer.
  const query = localeParam ? `?locale=${encodeURIComponent(localeParam)}` : ''
  const action = escapeHtml(`${checkoutPath(order.id)}/pay${query}`)
  const hidden = (method: string) =>
    `<input type="hidden" name="method" value="${method}">` +
    `<input type="hidden" name="idempotencyKey" value="${newIdempotencyKey()}">`
  const card =
    `<section><h2>${words.card}</h2><form method="post" action="${action}">${hidden('card')}` +
    field(
      'card-number',
      'cardNumber',
      words.cardNumber,
      'inputmode="numeric" autocomplete="cc-number"',
    ) +
    field('card-expiry', 'expiry', words.expiry, 'placeholder="MM/YY" autocomplete="cc-exp"') +
    field('card-cvc', 'cvc', words.cvc, 'inputmode="numeric" autocomplete="cc-csc"') +
    field('card-name', 'name', words.nameOnCard, 'autocomplete="cc-name"') +
    `<button type="submit">${words.payWithCard}</button></form></section>`
  const bank =
    `<section><h2>${words.bank}</h2><form method="post" action="${action}">${hidden('ach')}` +
    field('bank-routing', 'routingNumber', words.routingNumber, 'inputmode="numeric"') +
    field('bank-account', 'accountNumber', words.accountNumber, 'inputmode="numeric"') +
    `<button type="submit">${words.payFromBank}</button></form></section>`
  return card + bank
}

/** The checkout page of an order as it is now, with `error` (the last attempt's) if any. */
export function checkoutPage(
  order: StoredOrder,
  options: {
    networkName: string
    now: Date
    error?: string
    /** The page's language (`checkoutLocale`), and the `locale` its URL named, if any. */
    locale?: Locale
    localeParam?: string | undefined
  },
): string {
  const locale = options.locale ?? 'en'
  const words = CHECKOUT_WORDS[locale]
  const details = summary(order, options.networkName, words, locale)
  const notice = banner(words)
  const heading = (text: string) => `<h1>${escapeHtml(text)}</h1>`
  switch (order.status) {
    case 'created':
      if (order.expiresAt <= options.now) return expiredPage(locale)
      return page(
        notice +
          heading(fill(words.buy, { currency: order.purchaseCurrency })) +
          details +
          alert(options.error ?? order.paymentError) +
          forms(order, words, options.localeParam),
        { locale },
      )
    case 'pending':
      return page(
        notice +
          heading(words.paymentReceived) +
          `<p>${fill(words.sending, { amount: escapeHtml(bought(order, locale)) })}</p>` +
          details,
        { refresh: true, locale },
      )
    case 'completed':
      return page(
        notice +
          heading(fill(words.sent, { amount: bought(order, locale) })) +
          `<p>${fill(words.transaction, { hash: `<code>${escapeHtml(order.txHash ?? '')}</code>` })}</p>` +
          details,
        { locale },
      )
    case 'failed':
      return page(notice + heading(words.failed) + alert(order.failureReason) + details, { locale })
  }
}

/** The page of a checkout past its time. */
export function expiredPage(locale: Locale = 'en'): string {
  return page(
    `${banner(CHECKOUT_WORDS[locale])}<h1>${CHECKOUT_WORDS[locale].expired}</h1>` +
      `<p role="alert">${CHECKOUT_MESSAGES.expired}</p>`,
    { locale },
  )
}

/** The page of an order id this server does not know. */
export function notFoundPage(locale: Locale = 'en'): string {
  return page(
    `<h1>${CHECKOUT_WORDS[locale].notFound}</h1><p role="alert">${CHECKOUT_MESSAGES.notFound}</p>`,
    { locale },
  )
}
