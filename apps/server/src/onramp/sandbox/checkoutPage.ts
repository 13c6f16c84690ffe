import { randomBytes } from 'node:crypto'
import { ONRAMP_SANDBOX_BANK, ONRAMP_SANDBOX_CARDS } from '@latch/protocol'
import { formatUnits, getAddress } from 'viem'
import { styleHashSource } from '../../frame/security.ts'
import { checkoutPath } from '../createSandboxOrder.ts'
import { formatCents } from '../pricing.ts'
import type { StoredOrder } from '../store.ts'

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
export const CHECKOUT_TEXT = {
  title: 'Latch sandbox checkout',
  paymentReceived: 'Payment received',
  failed: 'Purchase failed',
  expired: 'Checkout expired',
  notFound: 'Checkout not found',
  payWithCard: 'Pay with card',
  payFromBank: 'Pay from bank account',
} as const

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ')

/** A new idempotency key for a form: one per page render. */
const newIdempotencyKey = () => randomBytes(18).toString('base64url')

function page(body: string, options: { refresh?: boolean } = {}): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="referrer" content="no-referrer">' +
    (options.refresh ? '<meta http-equiv="refresh" content="2">' : '') +
    `<title>${CHECKOUT_TEXT.title}</title><style>${PAGE_CSS}</style></head>` +
    `<body><main>${body}</main></body></html>`
  )
}

const banner =
  '<p class="banner" role="note"><strong>Test mode.</strong> No real money moves. Card ' +
  `${spaced(ONRAMP_SANDBOX_CARDS.succeeds)} succeeds and ${spaced(ONRAMP_SANDBOX_CARDS.declined)} ` +
  'is declined (any future expiry, any CVC). Bank account: routing number ' +
  `${ONRAMP_SANDBOX_BANK.routingNumber}, account ${ONRAMP_SANDBOX_BANK.succeeds} ` +
  `(${ONRAMP_SANDBOX_BANK.insufficientFunds} has insufficient funds).</p>`

const alert = (message: string | null | undefined) =>
  message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : ''

const bought = (order: StoredOrder) =>
  `${formatUnits(order.purchaseUnits, order.decimals)} ${order.purchaseCurrency}`

function summary(order: StoredOrder, networkName: string): string {
  const fiat = (cents: bigint) => `${formatCents(cents)} ${order.paymentCurrency}`
  const rows: [string, string][] = [
    ['You pay', fiat(order.paymentTotalCents)],
    ['You receive', bought(order)],
    ['Network', networkName],
    ['To', getAddress(order.address)],
    ['Provider fee', fiat(order.providerFeeCents)],
    ['Network fee', fiat(order.networkFeeCents)],
  ]
  return `<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`
}

function field(id: string, name: string, label: string, extra: string): string {
  return `<label for="${id}">${label}</label><input id="${id}" name="${name}" required ${extra}>`
}

function forms(order: StoredOrder): string {
  const action = escapeHtml(`${checkoutPath(order.id)}/pay`)
  const hidden = (method: string) =>
    `<input type="hidden" name="method" value="${method}">` +
    `<input type="hidden" name="idempotencyKey" value="${newIdempotencyKey()}">`
  const card =
    `<section><h2>Card</h2><form method="post" action="${action}">${hidden('card')}` +
    field(
      'card-number',
      'cardNumber',
      'Card number',
      'inputmode="numeric" autocomplete="cc-number"',
    ) +
    field('card-expiry', 'expiry', 'Expiry (MM/YY)', 'placeholder="MM/YY" autocomplete="cc-exp"') +
    field('card-cvc', 'cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc"') +
    field('card-name', 'name', 'Name on card', 'autocomplete="cc-name"') +
    `<button type="submit">${CHECKOUT_TEXT.payWithCard}</button></form></section>`
  const bank =
    `<section><h2>Bank account</h2><form method="post" action="${action}">${hidden('ach')}` +
    field('bank-routing', 'routingNumber', 'Routing number', 'inputmode="numeric"') +
    field('bank-account', 'accountNumber', 'Account number', 'inputmode="numeric"') +
    `<button type="submit">${CHECKOUT_TEXT.payFromBank}</button></form></section>`
  return card + bank
}

/** The checkout page of an order as it is now, with `error` (the last attempt's) if any. */
export function checkoutPage(
  order: StoredOrder,
  options: { networkName: string; now: Date; error?: string },
): string {
  const details = summary(order, options.networkName)
  const heading = (text: string) => `<h1>${escapeHtml(text)}</h1>`
  switch (order.status) {
    case 'created':
      if (order.expiresAt <= options.now) return expiredPage()
      return page(
        banner +
          heading(`Buy ${order.purchaseCurrency}`) +
          details +
          alert(options.error ?? order.paymentError) +
          forms(order),
      )
    case 'pending':
      return page(
        banner +
          heading(CHECKOUT_TEXT.paymentReceived) +
          `<p>Sending ${escapeHtml(bought(order))} to your wallet. This page updates itself.</p>` +
          details,
        { refresh: true },
      )
    case 'completed':
      return page(
        banner +
          heading(`${bought(order)} sent`) +
          `<p>Transaction <code>${escapeHtml(order.txHash ?? '')}</code>. You can close this window.</p>` +
          details,
      )
    case 'failed':
      return page(banner + heading(CHECKOUT_TEXT.failed) + alert(order.failureReason) + details)
  }
}

/** The page of a checkout past its time. */
export function expiredPage(): string {
  return page(
    `${banner}<h1>${CHECKOUT_TEXT.expired}</h1>` +
      `<p role="alert">${CHECKOUT_MESSAGES.expired}</p>`,
  )
}

/** The page of an order id this server does not know. */
export function notFoundPage(): string {
  return page(`<h1>${CHECKOUT_TEXT.notFound}</h1><p role="alert">${CHECKOUT_MESSAGES.notFound}</p>`)
}
