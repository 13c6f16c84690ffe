import { createHash } from 'node:crypto'
import type { HistoryPosition } from '../../indexer/history.ts'
import type { OrderPosition } from '../../onramp/store.ts'

const VERSION = 'h1'
const pattern = /^h1\.(\d{1,16})\.(\d{1,16})\.(\d{1,9})\.(\d{1,16})\.([A-Za-z0-9_-]{8})$/

const checkOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8)

/**
 * The `next` of a history page: the position of its last transaction, as base64url text. Its
 * check digits catch a cursor that was cut or edited; it is no secret (a made-up position only
 * starts a page there, showing nothing the route would not show anyway).
 */
export function encodeHistoryCursor(position: HistoryPosition): string {
  const text = [
    VERSION,
    position.blockTime,
    position.blockNumber,
    position.txIndex,
    position.chainId,
  ].join('.')
  return Buffer.from(`${text}.${checkOf(text)}`).toString('base64url')
}

/** The position a cursor of this server stands for, or undefined if it is not one. */
export function decodeHistoryCursor(cursor: string): HistoryPosition | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  // Base64url decoding skips stray characters: only the canonical spelling is ours.
  if (Buffer.from(text).toString('base64url') !== cursor) return undefined
  const match = pattern.exec(text)
  if (!match) return undefined
  const [, blockTime, blockNumber, txIndex, chainId, check] = match
  if (checkOf(text.slice(0, text.lastIndexOf('.'))) !== check) return undefined
  const position = {
    blockTime: Number(blockTime),
    blockNumber: Number(blockNumber),
    txIndex: Number(txIndex),
    chainId: Number(chainId),
  }
  return Object.values(position).every(Number.isSafeInteger) ? position : undefined
}

const ORDER_VERSION = 'o1'
const orderPattern =
  /^o1\.(\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

/** The `next` of an `?onramp=` page: when its last order was paid, and its id. */
export function encodeOrderCursor(position: OrderPosition): string {
  return Buffer.from([ORDER_VERSION, position.paidAt.getTime(), position.id].join('.')).toString(
    'base64url',
  )
}

/** The order position a cursor of this server stands for, or undefined if it is not one. */
export function decodeOrderCursor(cursor: string): OrderPosition | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  if (Buffer.from(text).toString('base64url') !== cursor) return undefined
  const match = orderPattern.exec(text)
  if (!match) return undefined
  const [, paidAt, id] = match
  return { paidAt: new Date(Number(paidAt)), id: id as string }
}
