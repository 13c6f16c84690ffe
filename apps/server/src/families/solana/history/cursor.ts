import { createHash } from 'node:crypto'
import type { SolanaHistoryPosition } from './store.ts'

const pattern = /^s1\.(\d{1,16})\.(\d{1,16})\.([A-Za-z0-9_-]{8})$/

const checkOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8)

/**
 * The `next` of a Solana history page: the slot and order of its last transaction, with check
 * digits that catch a cut or edited cursor, as base64url text. Its `s1` prefix keeps it apart
 * from an EVM cursor.
 */
export function encodeSolanaCursor(position: SolanaHistoryPosition): string {
  const text = `s1.${position.slot}.${position.seq}`
  return Buffer.from(`${text}.${checkOf(text)}`).toString('base64url')
}

/** The position a Solana cursor of this server stands for, or undefined if it is not one. */
export function decodeSolanaCursor(cursor: string): SolanaHistoryPosition | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  if (Buffer.from(text).toString('base64url') !== cursor) return undefined
  const match = pattern.exec(text)
  if (!match) return undefined
  const [, slot, seq, check] = match
  if (checkOf(text.slice(0, text.lastIndexOf('.'))) !== check) return undefined
  return { slot: Number(slot), seq: Number(seq) }
}
