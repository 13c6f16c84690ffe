import { describe, expect, it } from 'vitest'
import { decodePersonalMessage } from './decodePersonalMessage.ts'

const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

describe('decodePersonalMessage', () => {
  it('decodes printable UTF-8, newlines included', () => {
    const message = 'Sign in to Example\nNonce: 42 — café ✓'
    expect(decodePersonalMessage(hex(message))).toEqual({ text: message, encoding: 'text' })
    expect(decodePersonalMessage('0x')).toEqual({ text: '', encoding: 'text' })
  })

  it('shows hex for bytes that are not text', () => {
    const hash = `0x${'ab'.repeat(32)}`
    expect(decodePersonalMessage(hash)).toEqual({ text: hash, encoding: 'hex' })
    expect(decodePersonalMessage('0x00010203')).toEqual({ text: '0x00010203', encoding: 'hex' })
  })

  it('shows hex when bidirectional overrides could disguise the text', () => {
    const disguised = hex('Pay 10 \u202eHTE 0001')
    expect(decodePersonalMessage(disguised)).toEqual({ text: disguised, encoding: 'hex' })
  })

  it('shows a plain string as it is', () => {
    expect(decodePersonalMessage('hello')).toEqual({ text: 'hello', encoding: 'text' })
    expect(decodePersonalMessage('0xabc')).toEqual({ text: '0xabc', encoding: 'text' })
  })

  it('shows other values as JSON', () => {
    expect(decodePersonalMessage({ a: 1n })).toEqual({ text: '{"a":"1"}', encoding: 'hex' })
  })
})
