import {
  type CaipNetworkId,
  eip155NetworkId,
  HISTORY_PAGE_SIZE,
  type HistoryTransaction,
  type HistoryTransfer,
  ONRAMP_PROVIDERS,
  type OnrampProviderId,
  type OperationType,
} from '@latch/protocol'
import type { FastifyRequest } from 'fastify'
import { formatUnits, getAddress } from 'viem'
import type { ChainConfig } from '../../chains/chainConfig.ts'
import type { Database } from '../../db/index.ts'
import { HttpError } from '../../errors.ts'
import { type HistoryRow, readHistory } from '../../indexer/history.ts'
import { trackedTokens } from '../../indexer/tokens.ts'
import type { NftMetadata, NftRef } from '../../nfts/metadata.ts'
import { nftImageUrl } from '../../nfts/routes.ts'
import { isSpamNft, type NftSpamLists } from '../../nfts/spam.ts'
import { formatCents } from '../../onramp/pricing.ts'
import {
  ordersDeliveredBy,
  readPaidOrders,
  type StoredOrder,
  toOnrampOrder,
} from '../../onramp/store.ts'
import { tokenIconUrl } from '../../registry/tokenIcon.ts'
import type { ServerFamily } from '../types.ts'
import {
  decodeHistoryCursor,
  decodeOrderCursor,
  encodeHistoryCursor,
  encodeOrderCursor,
} from './historyCursor.ts'

/** approve(address,uint256): a transaction that moved nothing but set an allowance. */
const APPROVE_SELECTOR = '0x095ea7b3'
const BAD_CURSOR = 'querystring.cursor: cursor is not one this server gave out'

type Asset = { name: string; symbol: string; decimals: number; spam: boolean }
type IndexedChain = {
  caipNetworkId: CaipNetworkId
  native: Asset
  tokens: Map<string, Asset>
}

/**
 * An EVM account's transaction history from the indexer's tables: the transactions it sent or
 * moved value in (the native coin, the configured tokens, NFTs; swaps through the Uniswap router
 * as one trade), newest first, HISTORY_PAGE_SIZE a page, on every configured chain or on one;
 * with `onramp`, its paid orders of that provider instead.
 */
export function evmHistory(deps: {
  db: Database
  chains: readonly ChainConfig[]
  /** NFT transfers are described with their token's metadata and flagged by the spam rule. */
  nfts: { metadata: NftMetadata; spamLists: ReadonlyMap<number, NftSpamLists> }
}): ServerFamily['history'] {
  const chains = new Map<number, IndexedChain>(
    deps.chains.map((chain) => [
      chain.chainId,
      {
        caipNetworkId: eip155NetworkId(chain.chainId),
        native: { ...chain.nativeCurrency, spam: false },
        tokens: trackedTokens(chain),
      },
    ]),
  )
  return async (account, { caipNetworkId: chainId, cursor, onramp }, request) => {
    let chainIds = [...chains.keys()]
    if (chainId !== undefined) {
      const wanted = [...chains.entries()].find(([, chain]) => chain.caipNetworkId === chainId)
      if (!wanted) throw new HttpError(400, `Unsupported chain ${chainId}`)
      chainIds = [wanted[0]]
    }
    const address = `0x${account.replace(/^0x/, '').toLowerCase()}`
    if (onramp !== undefined) {
      if (!(ONRAMP_PROVIDERS as readonly string[]).includes(onramp))
        throw new HttpError(400, `Unknown on-ramp provider ${onramp}`)
      const after = cursor === undefined ? undefined : decodeOrderCursor(cursor)
      if (cursor !== undefined && !after) throw new HttpError(400, BAD_CURSOR)
      const orders = await readPaidOrders(deps.db, {
        address,
        provider: onramp as OnrampProviderId,
        chainIds,
        before: after,
        limit: HISTORY_PAGE_SIZE + 1,
      })
      const page = orders.slice(0, HISTORY_PAGE_SIZE)
      const last = page.at(-1)
      return {
        data: page.map((order) =>
          describeOrder(order, chains.get(order.chainId) as IndexedChain, request),
        ),
        next:
          orders.length > HISTORY_PAGE_SIZE && last?.paidAt
            ? encodeOrderCursor({ paidAt: last.paidAt, id: last.id })
            : null,
      }
    }

    const before = cursor === undefined ? undefined : decodeHistoryCursor(cursor)
    if (cursor !== undefined && (!before || !chains.has(before.chainId))) {
      throw new HttpError(400, BAD_CURSOR)
    }
    const rows = await readHistory(deps.db, {
      address,
      chainIds,
      before,
      limit: HISTORY_PAGE_SIZE + 1,
    })
    const page = rows.slice(0, HISTORY_PAGE_SIZE)
    const last = page.at(-1)
    const delivered = await ordersDeliveredBy(
      deps.db,
      address,
      page.map((row) => row.hash),
    )
    const nfts = await describeNfts(page, address, deps.nfts, request)
    return {
      data: page.map((row) => {
        const transaction = describeTransaction(
          row,
          address,
          chains.get(row.chainId) as IndexedChain,
          request,
          nfts,
        )
        const order = delivered.get(`${row.chainId}:${row.hash}`)
        return order ? markedAsBought(transaction, order) : transaction
      }),
      next: rows.length > HISTORY_PAGE_SIZE && last ? encodeHistoryCursor(last) : null,
    }
  }
}

type NftInfo = NonNullable<HistoryTransfer['nft_info']>

/**
 * The NFTs the page's transfers of `account` moved, described (name, image through this server,
 * collection, spam), by `chainId:contract:tokenId`.
 */
async function describeNfts(
  rows: HistoryRow[],
  account: string,
  nfts: { metadata: NftMetadata; spamLists: ReadonlyMap<number, NftSpamLists> },
  request: FastifyRequest,
): Promise<Map<string, NftInfo>> {
  const byChain = new Map<number, Map<string, NftRef>>()
  for (const row of rows) {
    for (const transfer of row.transfers) {
      if (!transfer.token || !transfer.tokenId || !transfer.standard) continue
      if (transfer.from !== account && transfer.to !== account) continue
      const refs = byChain.get(row.chainId) ?? new Map<string, NftRef>()
      refs.set(`${transfer.token}:${transfer.tokenId}`, {
        contract: transfer.token,
        tokenId: transfer.tokenId,
        standard: transfer.standard,
      })
      byChain.set(row.chainId, refs)
    }
  }
  const described = new Map<string, NftInfo>()
  for (const [chainId, refs] of byChain) {
    const caipNetworkId = eip155NetworkId(chainId)
    const lists = nfts.spamLists.get(chainId) ?? { spam: new Set(), allow: new Set() }
    const about = await nfts.metadata.describe(chainId, [...refs.values()])
    for (const [key, ref] of refs) {
      const found = about.get(key) ?? {}
      described.set(`${chainId}:${key}`, {
        ...(found.name ? { name: found.name } : {}),
        ...(found.image
          ? {
              content: {
                preview: { url: nftImageUrl(request, caipNetworkId, ref.contract, ref.tokenId) },
              },
            }
          : {}),
        ...(found.collectionName ? { collection: { name: found.collectionName } } : {}),
        contract: getAddress(ref.contract),
        token_id: ref.tokenId,
        standard: ref.standard,
        flags: { is_spam: isSpamNft({ contract: ref.contract, ...found }, lists) },
      })
    }
  }
  return described
}

/** A stored transaction as the account sees it: its own transfers, and what it did. */
function describeTransaction(
  row: HistoryRow,
  account: string,
  chain: IndexedChain,
  request: FastifyRequest,
  nfts: ReadonlyMap<string, NftInfo>,
): HistoryTransaction {
  const transfers = row.transfers.flatMap((transfer): HistoryTransfer[] => {
    const direction =
      transfer.from === account && transfer.to === account
        ? 'self'
        : transfer.from === account
          ? 'out'
          : 'in'
    if (transfer.tokenId !== null && transfer.token) {
      const nft = nfts.get(`${row.chainId}:${transfer.token}:${transfer.tokenId}`)
      return nft ? [{ nft_info: nft, direction, quantity: { numeric: transfer.amount } }] : []
    }
    const asset = transfer.token === null ? chain.native : chain.tokens.get(transfer.token)
    // A token taken out of the configuration is no longer described.
    if (!asset) return []
    return [
      {
        fungible_info: {
          name: asset.name,
          symbol: asset.symbol,
          icon: { url: tokenIconUrl(request, asset.symbol) },
        },
        ...(asset.spam ? { nft_info: { flags: { is_spam: true } } } : {}),
        direction,
        quantity: { numeric: formatUnits(BigInt(transfer.amount), asset.decimals) },
      },
    ]
  })
  return {
    id: `${chain.caipNetworkId}:${row.hash}`,
    metadata: {
      operationType: operationTypeOf(row, transfers),
      hash: row.hash,
      chain: chain.caipNetworkId,
      minedAt: new Date(row.blockTime * 1000).toISOString(),
      sentFrom: getAddress(row.sender),
      sentTo: row.recipient ? getAddress(row.recipient) : '',
      status: row.status,
      nonce: row.nonce,
    },
    transfers,
  }
}

/** The on-ramp flag of a history entry: the order, its provider, status and what was paid. */
function onrampFlag(order: StoredOrder): NonNullable<HistoryTransaction['metadata']['onramp']> {
  return {
    provider: order.provider,
    orderId: order.id,
    status: order.status,
    paymentTotal: {
      amount: formatCents(order.paymentTotalCents),
      currency: order.paymentCurrency,
    },
  }
}

/** The indexed transfer that delivered an on-ramp order: a purchase. */
function markedAsBought(transaction: HistoryTransaction, order: StoredOrder): HistoryTransaction {
  return {
    ...transaction,
    metadata: { ...transaction.metadata, operationType: 'buy', onramp: onrampFlag(order) },
  }
}

/** A paid on-ramp order as an `?onramp=` list shows it: one incoming transfer, bought. */
function describeOrder(
  order: StoredOrder,
  chain: IndexedChain,
  request: FastifyRequest,
): HistoryTransaction {
  const asset =
    (order.tokenAddress ? chain.tokens.get(order.tokenAddress) : chain.native) ?? chain.native
  const { purchaseAmount } = toOnrampOrder(order)
  const statuses = {
    created: 'pending',
    pending: 'pending',
    completed: 'confirmed',
    failed: 'failed',
  } as const
  return {
    id: `onramp:${order.id}`,
    metadata: {
      operationType: 'buy',
      hash: order.txHash ?? '',
      chain: chain.caipNetworkId,
      minedAt: (order.settledAt ?? order.paidAt ?? order.createdAt).toISOString(),
      sentFrom: order.sender ? getAddress(order.sender) : '',
      sentTo: getAddress(order.address),
      status: statuses[order.status],
      nonce: order.txNonce ?? 0,
      onramp: onrampFlag(order),
    },
    transfers: [
      {
        fungible_info: {
          name: asset.name,
          symbol: order.purchaseCurrency,
          icon: { url: tokenIconUrl(request, order.purchaseCurrency) },
        },
        direction: 'in',
        quantity: { numeric: purchaseAmount.amount },
      },
    ],
  }
}

/** Out and in together is a trade (a swap); a call that moved nothing of the account's is an execute. */
function operationTypeOf(row: HistoryRow, transfers: HistoryTransfer[]): OperationType {
  const has = (direction: HistoryTransfer['direction']) =>
    transfers.some((transfer) => transfer.direction === direction)
  if (has('out') && has('in')) return 'trade'
  if (has('in')) return 'receive'
  if (has('out') || has('self')) return 'send'
  return row.methodId === APPROVE_SELECTOR ? 'approve' : 'execute'
}
