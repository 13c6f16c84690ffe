import * as z from 'zod/mini'
import { caipNetworkIdAnswer, decimalAnswer } from './leaves.ts'
import { currencyAmount, onrampOrderStatus, onrampProviderId } from './onramp.ts'

/** What a transaction did for the account, as history lists it. */
export const operationType = z.enum([
  'send',
  'receive',
  'trade',
  'execute',
  'approve',
  'deposit',
  /** Tokens bought through an on-ramp provider. */
  'buy',
])
export type OperationType = z.infer<typeof operationType>

export const historyTransfer = z.object({
  fungible_info: z.optional(
    z.object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }) }),
  ),
  /**
   * Present for NFTs (their name, image through the server, collection, contract, id and
   * standard), and for fungible tokens the server flags as spam (hidden by the kit).
   */
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(z.object({ preview: z.object({ url: z.string() }) })),
      collection: z.optional(z.object({ name: z.string() })),
      contract: z.optional(z.string()),
      token_id: z.optional(z.string()),
      standard: z.optional(z.enum(['erc721', 'erc1155'])),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: z.enum(['in', 'out', 'self']),
  /** Whole units, as a decimal string. */
  quantity: z.object({ numeric: decimalAnswer }),
  /** In USD at today's price, when one is known. */
  value: z.optional(z.number()),
  price: z.optional(z.number()),
})
export type HistoryTransfer = z.infer<typeof historyTransfer>

export const historyTransaction = z.object({
  id: z.string(),
  metadata: z.object({
    operationType,
    /** Empty only for an on-ramp order whose transfer is not signed yet. */
    hash: z.union([
      z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
      // A Solana transaction's first signature: 64 bytes in base58.
      z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)),
      // A Bitcoin txid: 64 hex characters, without 0x.
      z.string().check(z.regex(/^[0-9a-f]{64}$/)),
      z.literal(''),
    ]),
    chain: caipNetworkIdAnswer,
    /** ISO 8601 time of the block. */
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.int().check(z.nonnegative()),
    /**
     * Set on an on-ramp purchase: in `?onramp=` lists (one entry per paid order), and on the
     * transfer that delivered an order in the account's history.
     */
    onramp: z.optional(
      z.object({
        provider: onrampProviderId,
        orderId: z.string(),
        status: onrampOrderStatus,
        paymentTotal: currencyAmount,
      }),
    ),
  }),
  transfers: z.array(historyTransfer),
})
export type HistoryTransaction = z.infer<typeof historyTransaction>

/** Newest first; `next` is null on the last page. */
export const historyResponse = z.object({
  data: z.array(historyTransaction),
  next: z.nullable(z.string()),
})
export type HistoryResponse = z.infer<typeof historyResponse>
