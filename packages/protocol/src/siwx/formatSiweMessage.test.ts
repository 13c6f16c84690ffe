import { describe, expect, it } from 'vitest'
import { SiweMessageError } from './errors.ts'
import { formatSiweMessage } from './formatSiweMessage.ts'
import type { SiweField, SiweMessage } from './types.ts'

const MESSAGE: SiweMessage = {
  domain: 'localhost:5173',
  address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  uri: 'http://localhost:5173/',
  version: '1',
  chainId: 31337,
  nonce: 'abcdefgh12345678',
  issuedAt: '2026-01-02T03:04:05.678Z',
}

/** The field a message is refused for, or the text it was formatted to. */
function outcome(message: unknown): SiweField | string {
  try {
    return formatSiweMessage(message as SiweMessage)
  } catch (error) {
    if (error instanceof SiweMessageError) return error.field
    throw error
  }
}

describe('formatSiweMessage', () => {
  const required = ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const

  it.each(required)(
    'throws when the required %s is missing, never writing "undefined"',
    (field) => {
      const { [field]: _left, ...rest } = MESSAGE
      expect(outcome(rest)).toBe(field)
      expect(() => formatSiweMessage(rest as SiweMessage)).toThrow(`${field} is missing`)
    },
  )

  it('throws on a field of the wrong type instead of writing it as text', () => {
    expect(outcome({ ...MESSAGE, nonce: 1234567890 })).toBe('nonce')
    expect(outcome({ ...MESSAGE, nonce: null })).toBe('nonce')
    expect(outcome({ ...MESSAGE, issuedAt: new Date() })).toBe('issuedAt')
    expect(outcome({ ...MESSAGE, statement: null })).toBe('statement')
    expect(outcome({ ...MESSAGE, resources: 'https://example.com' })).toBe('resources')
    expect(outcome({ ...MESSAGE, resources: [42] })).toBe('resources')
    expect(outcome({ ...MESSAGE, chainId: '31337' })).toBe('chainId')
  })

  it('writes a complete message with every field as given', () => {
    const text = formatSiweMessage(MESSAGE)
    expect(text).toContain('Nonce: abcdefgh12345678')
    expect(text).not.toContain('undefined')
  })
})
