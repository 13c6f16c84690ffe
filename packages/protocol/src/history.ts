import { z } from 'zod'
import { decimalString } from './account.ts'
import { clientQuery } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'
import { currencyAmount, onrampOrderStatus, onrampProviderId } from './onramp.ts'
import { text } from './text.ts'

/** Transactions per history page. */
export const HISTORY_PAGE_SIZE = 50

/** GET /v1/account/{address}/history query. */
export const historyQuery = clientQuery.extend({
  cursor: text()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this server gave out')
    .optional()
    .describe('The `next` of the previous page'),
  chainId: caipNetworkId.optional().describe('Only this network; all configured ones by default'),
  onramp: text()
    .regex(/^[a-z_]{1,32}$/, 'onramp is a provider name such as coinbase')
    .optional()
    .describe('Only on-ramp orders of this provider'),
})

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
  fungible_info: z
    .object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }) })
    .optional(),
  /**
   * Present for NFTs (their name, image through the server, collection, contract, id and
   * standard), and for fungible tokens the server flags as spam (hidden by the kit).
   */
  nft_info: z
    .object({
      name: z.string().optional(),
      content: z.object({ preview: z.object({ url: z.string() }) }).optional(),
      collection: z.object({ name: z.string() }).optional(),
      contract: z.string().optional(),
      token_id: z.string().optional(),
      standard: z.enum(['erc721', 'erc1155']).optional(),
      flags: z.object({ is_spam: z.boolean() }),
    })
    .optional(),
  direction: z.enum(['in', 'out', 'self']),
  /** Whole units, as a decimal string. */
  quantity: z.object({ numeric: decimalString }),
  /** In USD at today's price, when one is known. */
  value: z.number().optional(),
  price: z.number().optional(),
})
export type HistoryTransfer = z.infer<typeof historyTransfer>

export const historyTransaction = z.object({
  id: z.string(),
  metadata: z.object({
    operationType,
    /** Empty only for an on-ramp order whose transfer is not signed yet. */
    hash: z.union([
      z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      // A Solana transaction's first signature: 64 bytes in base58.
      z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
      // A Bitcoin txid: 64 hex characters, without 0x.
      z.string().regex(/^[0-9a-f]{64}$/),
      z.literal(''),
    ]),
    chain: caipNetworkId,
    /** ISO 8601 time of the block. */
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.number().int().nonnegative(),
    /**
     * Set on an on-ramp purchase: in `?onramp=` lists (one entry per paid order), and on the
     * transfer that delivered an order in the account's history.
     */
    onramp: z
      .object({
        provider: onrampProviderId,
        orderId: z.string(),
        status: onrampOrderStatus,
        paymentTotal: currencyAmount,
      })
      .optional(),
  }),
  transfers: z.array(historyTransfer),
})
export type HistoryTransaction = z.infer<typeof historyTransaction>

/** Newest first; `next` is null on the last page. */
export const historyResponse = z.object({
  data: z.array(historyTransaction),
  next: z.string().nullable(),
})
export type HistoryResponse = z.infer<typeof historyResponse>
