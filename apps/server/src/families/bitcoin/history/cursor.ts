import { createHash } from 'node:crypto'
import type { BitcoinHistoryPosition } from './store.ts'

const pattern = /^b1\.(\d{1,16})\.(\d{1,16})\.([A-Za-z0-9_-]{8})$/

const checkOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8)

/**
 * The `next` of a Bitcoin history page: the block height and order of its last transaction, with
 * check digits that catch a cut or edited cursor, as base64url text. Its `b1` prefix keeps it
 * apart from the other families' cursors.
 */
export function encodeBitcoinCursor(position: BitcoinHistoryPosition): string {
  const text = `b1.${position.height}.${position.seq}`
  return Buffer.from(`${text}.${checkOf(text)}`).toString('base64url')
}

/** The position a Bitcoin cursor of this server stands for, or undefined if it is not one. */
export function decodeBitcoinCursor(cursor: string): BitcoinHistoryPosition | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  if (Buffer.from(text).toString('base64url') !== cursor) return undefined
  const match = pattern.exec(text)
  if (!match) return undefined
  const [, height, seq, check] = match
  if (checkOf(text.slice(0, text.lastIndexOf('.'))) !== check) return undefined
  return { height: Number(height), seq: Number(seq) }
}
