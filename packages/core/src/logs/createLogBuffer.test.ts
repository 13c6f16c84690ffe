import { describe, expect, it } from 'vitest'
import { createLogBuffer, LOG_BUFFER_BYTES } from './createLogBuffer.ts'

const bytesOf = (text: string) => new TextEncoder().encode(text).length

describe('the debug log buffer', () => {
  it('holds about 1,024,000 bytes, dropping the oldest lines first', () => {
    const logs = createLogBuffer(LOG_BUFFER_BYTES, () => 1_764_000_000_000)
    // 100 bytes of text a line (multi-byte characters count as their UTF-8 bytes).
    for (let index = 0; index < 20_000; index++) logs.add('info', `line ${index} ${'é'.repeat(40)}`)
    const text = logs.text()
    expect(bytesOf(text)).toBe(logs.bytes)
    expect(logs.bytes).toBeLessThanOrEqual(LOG_BUFFER_BYTES)
    expect(logs.bytes).toBeGreaterThan(LOG_BUFFER_BYTES - 200)
    const lines = text.trimEnd().split('\n')
    expect(lines.at(-1)).toContain('line 19999 ')
    expect(text).not.toContain('line 0 ')
    // The oldest kept line follows the newest dropped one, with no gap.
    const first = Number(lines[0]?.split(' ')[3])
    expect(first + lines.length).toBe(20_000)
  })

  it('keeps no key, signature, email code, email address or token', () => {
    const logs = createLogBuffer()
    const key = `0x${'4c'.repeat(32)}`
    const signature = `0x${'ab'.repeat(65)}`
    logs.add('info', `imported ${key}`)
    logs.add('info', 'signed', { signature, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    logs.add('warn', 'login for visitor@example.com with code 123456')
    logs.add('info', 'session', { token: 'opaque-session-value', otp: '654321' })
    logs.add('error', 'call failed', { authorization: 'Bearer abc.def.ghi' })
    logs.add('info', 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')
    const text = logs.text()
    for (const secret of [
      key.slice(2),
      signature.slice(2),
      'visitor@example.com',
      '123456',
      '654321',
      'opaque-session-value',
      'abc.def.ghi',
      'eyJhbGciOiJIUzI1NiJ9',
    ])
      expect(text).not.toContain(secret)
    // What helps support stays: the public address and what happened.
    expect(text).toContain('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(text).toContain('login for [email] with code [code]')
  })

  it('takes a long line without spaces in time linear in its length', () => {
    const logs = createLogBuffer()
    // A 50 KB run took about 12 s when an email address was looked for at every character.
    const run = 'x'.repeat(50_000)
    const started = performance.now()
    logs.add('error', 'KIT_ERROR', { message: `${run} visitor@example.com` })
    expect(performance.now() - started).toBeLessThan(500)
    expect(logs.text()).toContain(`${run} [email]`)
  })
})
