import { clientQuery } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'
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

export {
  type HistoryResponse,
  type HistoryTransaction,
  type HistoryTransfer,
  historyResponse,
  historyTransaction,
  historyTransfer,
  type OperationType,
  operationType,
} from './answers/history.ts'
