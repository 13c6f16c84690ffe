import {
  eip155NetworkId,
  type OnrampOrder,
  type OnrampOrderStatus,
  type OnrampPaymentMethod,
  type OnrampProviderId,
} from '@latch/protocol'
import { formatUnits, getAddress, type Hex } from 'viem'
import type { Queryable } from '../db/index.ts'
import { formatCents } from './pricing.ts'

type Numeric = string | number | bigint

/** What a quote and an order both hold: the price and what it buys. Addresses lowercase. */
export type PricedPurchase = {
  provider: OnrampProviderId
  paymentCurrency: string
  paymentTotalCents: bigint
  providerFeeCents: bigint
  networkFeeCents: bigint
  purchaseCurrency: string
  chainId: number
  tokenAddress: string | null
  decimals: number
  /** In the asset's smallest unit. */
  purchaseUnits: bigint
}

export type StoredQuote = PricedPurchase & {
  id: string
  projectId: string
  paymentMethod: OnrampPaymentMethod
  expiresAt: Date
}

export type StoredOrder = PricedPurchase & {
  id: string
  projectId: string
  quoteId: string | null
  status: OnrampOrderStatus
  address: string
  paymentMethod: OnrampPaymentMethod | null
  paymentError: string | null
  failureReason: string | null
  sender: string | null
  txNonce: number | null
  rawTx: Hex | null
  txHash: Hex | null
  createdAt: Date
  updatedAt: Date
  expiresAt: Date
  paidAt: Date | null
  settledAt: Date | null
}

const PRICED_COLUMNS = `provider, payment_currency, payment_total_cents, provider_fee_cents,
  network_fee_cents, purchase_currency, chain_id, token_address, decimals, purchase_amount`

type PricedRow = {
  provider: OnrampProviderId
  payment_currency: string
  payment_total_cents: Numeric
  provider_fee_cents: Numeric
  network_fee_cents: Numeric
  purchase_currency: string
  chain_id: Numeric
  token_address: string | null
  decimals: number
  purchase_amount: string
}

const pricedOf = (row: PricedRow): PricedPurchase => ({
  provider: row.provider,
  paymentCurrency: row.payment_currency,
  paymentTotalCents: BigInt(row.payment_total_cents),
  providerFeeCents: BigInt(row.provider_fee_cents),
  networkFeeCents: BigInt(row.network_fee_cents),
  purchaseCurrency: row.purchase_currency,
  chainId: Number(row.chain_id),
  tokenAddress: row.token_address,
  decimals: row.decimals,
  purchaseUnits: BigInt(row.purchase_amount),
})

const pricedParams = (purchase: PricedPurchase) => [
  purchase.provider,
  purchase.paymentCurrency,
  purchase.paymentTotalCents.toString(),
  purchase.providerFeeCents.toString(),
  purchase.networkFeeCents.toString(),
  purchase.purchaseCurrency,
  purchase.chainId,
  purchase.tokenAddress,
  purchase.decimals,
  purchase.purchaseUnits.toString(),
]

export async function insertQuote(db: Queryable, quote: StoredQuote, now: Date): Promise<void> {
  // A visitor typing an amount asks for several quotes: the expired ones no order was made from
  // go as new ones come, so the table holds about a TTL's worth.
  await db.query(
    `delete from onramp_quotes q where q.expires_at < $1
       and not exists (select 1 from onramp_orders o where o.quote_id = q.id)`,
    [now],
  )
  await db.query(
    `insert into onramp_quotes (${PRICED_COLUMNS}, id, project_id, payment_method, created_at,
       expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [...pricedParams(quote), quote.id, quote.projectId, quote.paymentMethod, now, quote.expiresAt],
  )
}

/** A quote of the project, if it exists and is still valid at `now`. */
export async function findValidQuote(
  db: Queryable,
  id: string,
  projectId: string,
  now: Date,
): Promise<StoredQuote | undefined> {
  const [row] = await db.query<
    PricedRow & {
      id: string
      project_id: string
      payment_method: OnrampPaymentMethod
      expires_at: Date
    }
  >(
    `select ${PRICED_COLUMNS}, id, project_id, payment_method, expires_at from onramp_quotes
     where id = $1 and project_id = $2 and expires_at > $3`,
    [id, projectId, now],
  )
  return row
    ? {
        ...pricedOf(row),
        id: row.id,
        projectId: row.project_id,
        paymentMethod: row.payment_method,
        expiresAt: new Date(row.expires_at),
      }
    : undefined
}

const ORDER_COLUMNS = `${PRICED_COLUMNS}, id, project_id, quote_id, status, address, payment_method,
  payment_error, failure_reason, sender, tx_nonce, raw_tx, tx_hash, created_at, updated_at,
  expires_at, paid_at, settled_at`

type OrderRow = PricedRow & {
  id: string
  project_id: string
  quote_id: string | null
  status: OnrampOrderStatus
  address: string
  payment_method: OnrampPaymentMethod | null
  payment_error: string | null
  failure_reason: string | null
  sender: string | null
  tx_nonce: Numeric | null
  raw_tx: Hex | null
  tx_hash: Hex | null
  created_at: Date
  updated_at: Date
  expires_at: Date
  paid_at: Date | null
  settled_at: Date | null
}

const dateOrNull = (value: Date | null) => (value === null ? null : new Date(value))

const orderOf = (row: OrderRow): StoredOrder => ({
  ...pricedOf(row),
  id: row.id,
  projectId: row.project_id,
  quoteId: row.quote_id,
  status: row.status,
  address: row.address,
  paymentMethod: row.payment_method,
  paymentError: row.payment_error,
  failureReason: row.failure_reason,
  sender: row.sender,
  txNonce: row.tx_nonce === null ? null : Number(row.tx_nonce),
  rawTx: row.raw_tx,
  txHash: row.tx_hash,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  expiresAt: new Date(row.expires_at),
  paidAt: dateOrNull(row.paid_at),
  settledAt: dateOrNull(row.settled_at),
})

/** Stores a new order (status `created`). */
export async function insertOrder(
  db: Queryable,
  order: PricedPurchase & {
    id: string
    projectId: string
    quoteId: string | null
    address: string
    expiresAt: Date
  },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into onramp_orders (${PRICED_COLUMNS}, id, project_id, quote_id, status, address,
       created_at, updated_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'created', $14, $15, $15, $16)`,
    [
      ...pricedParams(order),
      order.id,
      order.projectId,
      order.quoteId,
      order.address.toLowerCase(),
      now,
      order.expiresAt,
    ],
  )
}

export async function findOrder(db: Queryable, id: string): Promise<StoredOrder | undefined> {
  const [row] = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from onramp_orders where id = $1`,
    [id],
  )
  return row ? orderOf(row) : undefined
}

/** The paid order the payout worker takes next: the first paid still pending. */
export async function nextPendingOrder(db: Queryable): Promise<StoredOrder | undefined> {
  const [row] = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from onramp_orders where status = 'pending'
     order by paid_at, id limit 1`,
  )
  return row ? orderOf(row) : undefined
}

/**
 * Records a checkout form's submission by its idempotency key; false when that key was already
 * submitted for the order (a double submit).
 */
export async function recordPaymentAttempt(
  db: Queryable,
  input: { orderId: string; idempotencyKey: string; method: OnrampPaymentMethod; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `insert into onramp_payment_attempts (order_id, idempotency_key, payment_method, created_at)
     values ($1, $2, $3, $4) on conflict do nothing returning order_id`,
    [input.orderId, input.idempotencyKey, input.method, input.now],
  )
  return rows.length > 0
}

/** Keeps the provider's message of a refused payment on an order still open. */
export async function recordPaymentError(
  db: Queryable,
  input: { orderId: string; message: string; now: Date },
): Promise<void> {
  await db.query(
    `update onramp_orders set payment_error = $2, updated_at = $3
     where id = $1 and status = 'created'`,
    [input.orderId, input.message, input.now],
  )
}

/**
 * created -> pending in one conditional update: of concurrent payments of one order, exactly one
 * finds it `created` and unexpired. True for that one.
 */
export async function markPaid(
  db: Queryable,
  input: { orderId: string; method: OnrampPaymentMethod; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update onramp_orders
     set status = 'pending', payment_method = $2, payment_error = null, paid_at = $3,
       updated_at = $3
     where id = $1 and status = 'created' and expires_at > $3
     returning id`,
    [input.orderId, input.method, input.now],
  )
  return rows.length > 0
}

/**
 * Stores the signed payout of a pending order before it is broadcast, replacing `previousTxHash`
 * (null: none yet). False when the order moved on meanwhile.
 */
export async function storeSignedPayout(
  db: Queryable,
  input: {
    orderId: string
    previousTxHash: Hex | null
    sender: string
    nonce: number
    rawTx: Hex
    txHash: Hex
    now: Date
  },
): Promise<boolean> {
  const rows = await db.query(
    `update onramp_orders
     set sender = $3, tx_nonce = $4, raw_tx = $5, tx_hash = $6, updated_at = $7
     where id = $1 and status = 'pending' and tx_hash is not distinct from $2
     returning id`,
    [
      input.orderId,
      input.previousTxHash,
      input.sender.toLowerCase(),
      input.nonce,
      input.rawTx.toLowerCase(),
      input.txHash.toLowerCase(),
      input.now,
    ],
  )
  return rows.length > 0
}

/** pending -> completed (the payout landed) or failed (with why). */
export async function settleOrder(
  db: Queryable,
  input:
    | { orderId: string; status: 'completed'; txHash: Hex; now: Date }
    | { orderId: string; status: 'failed'; reason: string; now: Date },
): Promise<void> {
  if (input.status === 'completed') {
    await db.query(
      `update onramp_orders set status = 'completed', settled_at = $3, updated_at = $3
       where id = $1 and status = 'pending' and tx_hash = $2`,
      [input.orderId, input.txHash.toLowerCase(), input.now],
    )
  } else {
    await db.query(
      `update onramp_orders set status = 'failed', failure_reason = $2, settled_at = $3,
         updated_at = $3
       where id = $1 and status = 'pending'`,
      [input.orderId, input.reason, input.now],
    )
  }
}

/** An order as GET /v1/onramp/orders/{id} answers it. */
export function toOnrampOrder(order: StoredOrder): OnrampOrder {
  return {
    orderId: order.id,
    provider: order.provider,
    status: order.status,
    paymentTotal: {
      amount: formatCents(order.paymentTotalCents),
      currency: order.paymentCurrency,
    },
    purchaseAmount: {
      amount: formatUnits(order.purchaseUnits, order.decimals),
      currency: order.purchaseCurrency,
    },
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    network: eip155NetworkId(order.chainId),
    address: getAddress(order.address),
    ...(order.txHash ? { txHash: order.txHash } : {}),
    ...(order.failureReason ? { failureReason: order.failureReason } : {}),
    ...(order.paymentError ? { paymentError: order.paymentError } : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  }
}

/** Where a paid order sits in an `?onramp=` list, newest paid first. */
export type OrderPosition = { paidAt: Date; id: string }

/** The paid orders (pending, completed, failed) of an address with a provider, newest first. */
export async function readPaidOrders(
  db: Queryable,
  query: {
    address: string
    provider: OnrampProviderId
    chainIds: number[]
    before: OrderPosition | undefined
    limit: number
  },
): Promise<StoredOrder[]> {
  const rows = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from onramp_orders
     where address = $1 and provider = $2 and status <> 'created' and chain_id = any($3::bigint[])
       and ($4::timestamptz is null or (paid_at, id) < ($4::timestamptz, $5::text))
     order by paid_at desc, id desc
     limit $6`,
    [
      query.address.toLowerCase(),
      query.provider,
      query.chainIds,
      query.before?.paidAt ?? null,
      query.before?.id ?? null,
      query.limit,
    ],
  )
  return rows.map(orderOf)
}

/** The delivered orders of an address among these transfers' hashes (lowercase), by hash. */
export async function ordersDeliveredBy(
  db: Queryable,
  address: string,
  hashes: string[],
): Promise<Map<string, StoredOrder>> {
  if (hashes.length === 0) return new Map()
  const rows = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from onramp_orders
     where tx_hash = any($1::text[]) and address = $2 and status = 'completed'`,
    [hashes, address.toLowerCase()],
  )
  return new Map(rows.map((row) => [`${Number(row.chain_id)}:${row.tx_hash}`, orderOf(row)]))
}
