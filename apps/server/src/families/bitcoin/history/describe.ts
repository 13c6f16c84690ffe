import type { EsploraTransaction, HistoryTransaction } from '@latch/protocol'
import { formatUnits } from 'viem'
import type { BitcoinChainConfig } from '../config.ts'
import { type AddressPart, addressPart } from './addressPart.ts'

type Entry = AddressPart & {
  chain: string
  txid: string
  /** Unix seconds of the block, or of now for a transaction still in the mempool. */
  time: number
  status: 'confirmed' | 'pending'
}

/**
 * A transaction as the address sees it: one transfer of BTC, what the address gained ('in') or
 * lost with the fee ('out'), or what it paid itself ('self'). Its change is netted out, as wallets
 * show a payment: the amount that left, not the coin it came from.
 */
export function describeBitcoinTransaction(
  entry: Entry,
  address: string,
  config: BitcoinChainConfig,
  iconUrl: (symbol: string) => string,
): HistoryTransaction {
  const { name, symbol, decimals } = config.nativeCurrency
  const net = entry.received - entry.sent
  const direction = entry.toSelf ? 'self' : net < 0n ? 'out' : 'in'
  const amount = entry.toSelf ? entry.received : net < 0n ? -net : net
  const sending = entry.sent > 0n
  return {
    id: `${entry.chain}:${entry.txid}`,
    metadata: {
      operationType: sending ? 'send' : 'receive',
      hash: entry.txid,
      chain: entry.chain as HistoryTransaction['metadata']['chain'],
      minedAt: new Date(entry.time * 1000).toISOString(),
      sentFrom: sending ? address : entry.counterparty,
      sentTo: sending ? entry.counterparty : address,
      status: entry.status,
      // Bitcoin has no account nonce.
      nonce: 0,
    },
    transfers: [
      {
        fungible_info: { name, symbol, icon: { url: iconUrl(symbol) } },
        direction,
        quantity: { numeric: formatUnits(amount, decimals) },
      },
    ],
  }
}

/** A mempool transaction of the address, described as one still pending. */
export function describePendingTransaction(
  tx: EsploraTransaction,
  chain: string,
  address: string,
  config: BitcoinChainConfig,
  iconUrl: (symbol: string) => string,
  now: number,
): HistoryTransaction {
  return describeBitcoinTransaction(
    {
      ...addressPart(tx, address),
      chain,
      txid: tx.txid,
      time: Math.floor(now / 1000),
      status: 'pending',
    },
    address,
    config,
    iconUrl,
  )
}
