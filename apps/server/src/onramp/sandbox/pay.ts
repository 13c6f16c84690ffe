import { ONRAMP_PAYMENT_METHODS, type OnrampPaymentMethod } from '@latch/protocol'
import type { Database } from '../../db/index.ts'
import type { Failpoint } from '../constants.ts'
import { failpoint } from '../failpoint.ts'
import { limitError } from '../pricing.ts'
import {
  findOrder,
  markPaid,
  recordPaymentAttempt,
  recordPaymentError,
  type StoredOrder,
} from '../store.ts'
import { CHECKOUT_MESSAGES } from './checkoutPage.ts'
import { decidePayment, FIELD_MESSAGES, type PaymentForm } from './instruments.ts'

/** The checkout's idempotency key: random base64url, one per rendered page. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/

/**
 * What a payment came to. `show` sends the visitor back to the checkout page (Post/Redirect/Get),
 * which shows the order as it now is; `error` shows the form again with the message.
 */
export type PayOutcome =
  | { kind: 'show' }
  | { kind: 'error'; statusCode: 400 | 404 | 410; message: string; order?: StoredOrder }

/**
 * POST /onramp/sandbox/checkout/{id}/pay: checks the form, then lets the test card or account
 * decide. A refusal is kept on the order, which stays open for another try; an acceptance moves
 * the order created -> pending in one conditional update, so of two submissions (the same key
 * twice, or two keys at once) one pays and the other finds it paid. `paid` runs after the
 * acceptance (the payout worker's cue).
 */
export async function payOrder(
  deps: { db: Database; failpoint: Failpoint | undefined; paid: () => void },
  input: { orderId: string; form: PaymentForm; now: Date },
): Promise<PayOutcome> {
  const { db } = deps
  const { orderId, form, now } = input
  const order = await findOrder(db, orderId)
  if (!order) return { kind: 'error', statusCode: 404, message: CHECKOUT_MESSAGES.notFound }
  // Paid already (a double submit, or a second tab): nothing to charge, show where it is.
  if (order.status !== 'created') return { kind: 'show' }
  if (order.expiresAt <= now)
    return { kind: 'error', statusCode: 410, message: CHECKOUT_MESSAGES.expired, order }
  const method = form.method as OnrampPaymentMethod
  if (!(ONRAMP_PAYMENT_METHODS as readonly string[]).includes(method))
    return { kind: 'error', statusCode: 400, message: FIELD_MESSAGES.method, order }
  const idempotencyKey = form.idempotencyKey ?? ''
  if (!IDEMPOTENCY_KEY.test(idempotencyKey))
    return { kind: 'error', statusCode: 400, message: CHECKOUT_MESSAGES.badForm, order }
  const decision = decidePayment(method, form, now)
  if (decision.kind === 'invalid')
    return { kind: 'error', statusCode: 400, message: decision.message, order }
  const limit = limitError(order.paymentTotalCents, order.paymentCurrency, method)
  if (limit) return { kind: 'error', statusCode: 400, message: limit, order }
  if (!(await recordPaymentAttempt(db, { orderId, idempotencyKey, method, now })))
    return { kind: 'show' }
  if (decision.kind === 'refused') {
    await recordPaymentError(db, { orderId, message: decision.message, now })
    return { kind: 'show' }
  }
  if (await markPaid(db, { orderId, method, now })) {
    failpoint(deps.failpoint, 'onramp-after-payment')
    deps.paid()
  }
  return { kind: 'show' }
}
