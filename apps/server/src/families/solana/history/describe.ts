import type { HistoryTransaction, HistoryTransfer, OperationType } from '@latch/protocol'
import { formatUnits } from 'viem'
import type { SolanaChainConfig } from '../config.ts'
import type { BalanceChange } from './parseTransaction.ts'
import type { StoredSolanaTransaction } from './store.ts'

type Asset = { name: string; symbol: string; spam: boolean }

/** The asset a balance change is in: SOL, a configured token, or a mint named by its address. */
function assetOf(chain: SolanaChainConfig, change: BalanceChange): Asset | undefined {
  if (change.mint === '') return { ...chain.nativeCurrency, spam: false }
  const token = chain.tokens.find((candidate) => candidate.mint === change.mint)
  if (token) return token
  // A token of zero decimals is an NFT or a count: not a fungible transfer to list.
  if (change.decimals === 0) return undefined
  return {
    name: 'Unknown token',
    symbol: `${change.mint.slice(0, 4)}…${change.mint.slice(-4)}`,
    spam: false,
  }
}

/** Who moved the same asset the other way the most: the other side of the account's transfer. */
function counterpartyOf(transaction: StoredSolanaTransaction, mine: BalanceChange) {
  let best: BalanceChange | undefined
  for (const change of transaction.changes) {
    if (change.owner === mine.owner || change.mint !== mine.mint) continue
    if (change.delta > 0n === mine.delta > 0n) continue
    const size = (delta: bigint) => (delta < 0n ? -delta : delta)
    if (!best || size(change.delta) > size(best.delta)) best = change
  }
  return best?.owner
}

const operationTypeOf = (transfers: HistoryTransfer[]): OperationType => {
  const has = (direction: HistoryTransfer['direction']) =>
    transfers.some((transfer) => transfer.direction === direction)
  if (has('out') && has('in')) return 'trade'
  if (has('in')) return 'receive'
  if (has('out')) return 'send'
  return 'execute'
}

/** A stored Solana transaction as `account` sees it, in the history's shape. */
export function describeSolanaTransaction(
  transaction: StoredSolanaTransaction,
  account: string,
  chain: SolanaChainConfig,
  iconUrl: (symbol: string) => string,
): HistoryTransaction {
  const mine = transaction.changes.filter((change) => change.owner === account)
  const transfers: HistoryTransfer[] = []
  for (const change of mine) {
    const asset = assetOf(chain, change)
    if (!asset) continue
    transfers.push({
      fungible_info: {
        name: asset.name,
        symbol: asset.symbol,
        icon: { url: iconUrl(asset.symbol) },
      },
      ...(asset.spam ? { nft_info: { flags: { is_spam: true } } } : {}),
      direction: change.delta < 0n ? 'out' : 'in',
      quantity: {
        numeric: formatUnits(change.delta < 0n ? -change.delta : change.delta, change.decimals),
      },
    })
  }
  const operationType = operationTypeOf(transfers)
  const first = mine.find((change) => assetOf(chain, change))
  const other = first ? counterpartyOf(transaction, first) : undefined
  const [sentFrom, sentTo] =
    operationType === 'send'
      ? [account, other ?? transaction.firstProgram]
      : operationType === 'receive'
        ? [other ?? transaction.feePayer, account]
        : [transaction.feePayer, transaction.firstProgram]
  return {
    id: `${transaction.chain}:${transaction.signature}`,
    metadata: {
      operationType,
      hash: transaction.signature,
      chain: transaction.chain as HistoryTransaction['metadata']['chain'],
      minedAt: new Date((transaction.blockTime ?? 0) * 1000).toISOString(),
      sentFrom,
      sentTo,
      status: transaction.status,
      // Solana transactions carry no account nonce.
      nonce: 0,
    },
    transfers,
  }
}
