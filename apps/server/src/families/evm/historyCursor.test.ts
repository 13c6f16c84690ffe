import { describe, expect, it } from 'vitest'
import {
  decodeHistoryCursor,
  decodeOrderCursor,
  encodeHistoryCursor,
  encodeOrderCursor,
} from './historyCursor.ts'

const position = {
  blockTime: 1_795_328_465,
  blockNumber: 21_000_000,
  txIndex: 187,
  chainId: 2_147_483_648_123,
}

describe('the history cursor', () => {
  it('is URL-safe text that gives back the position it was made of', () => {
    const cursor = encodeHistoryCursor(position)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeHistoryCursor(cursor)).toEqual(position)
  })

  it('is refused when cut, edited or made up', () => {
    const cursor = encodeHistoryCursor(position)
    const text = Buffer.from(cursor, 'base64url').toString()
    const edited = Buffer.from(text.replace('.187.', '.186.')).toString('base64url')
    for (const bad of [
      cursor.slice(0, -3),
      `${cursor}A`,
      edited,
      'aDEuMS4yLjMuNC5hYmNkZWZnaA',
      '',
    ]) {
      expect(decodeHistoryCursor(bad)).toBeUndefined()
    }
  })
})

describe('the on-ramp history cursor', () => {
  const order = {
    paidAt: new Date('2030-05-06T07:08:09.123Z'),
    id: '3f1c2b1a-0000-4000-8000-0000000000ab',
  }

  it('gives back the paid time and order id it was made of', () => {
    const cursor = encodeOrderCursor(order)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeOrderCursor(cursor)).toEqual(order)
  })

  it('is refused when cut or when it is a transaction cursor', () => {
    const cursor = encodeOrderCursor(order)
    for (const bad of [cursor.slice(0, -2), `${cursor}A`, encodeHistoryCursor(position), '']) {
      expect(decodeOrderCursor(bad)).toBeUndefined()
    }
  })
})
