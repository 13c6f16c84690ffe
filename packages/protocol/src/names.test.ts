import { describe, expect, it } from 'vitest'
import { formatReadableRegisterNameMessage, parseReadableRegisterNameMessage } from './names.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('the readable registration message', () => {
  it('says each field on its own line, in words', () => {
    expect(
      formatReadableRegisterNameMessage({
        name: 'alice.latch.id',
        address,
        attributes: {},
        timestamp: 1767323045,
      }),
    ).toBe(
      [
        'Register a name',
        '',
        'Name: alice.latch.id',
        `Address: ${address}`,
        'Attributes: none',
        'Issued at: 2026-01-02T03:04:05Z',
      ].join('\n'),
    )
  })

  it('reads back exactly what it says, attributes included', () => {
    const message = {
      name: 'alice.latch.id',
      address,
      attributes: { bio: 'two\nlines', avatar: 'https://img.example/a.png' },
      timestamp: 1767323045,
    }
    const text = formatReadableRegisterNameMessage(message)
    expect(text.split('\n')).toHaveLength(6)
    expect(parseReadableRegisterNameMessage(text)).toEqual(message)
  })

  it('refuses anything else: an extra line, a missing field, a bad date or attribute', () => {
    const good = formatReadableRegisterNameMessage({
      name: 'alice.latch.id',
      address,
      attributes: {},
      timestamp: 1767323045,
    })
    for (const text of [
      `${good}\nExtra: line`,
      good.replace(`Address: ${address}\n`, ''),
      good.replace('2026-01-02T03:04:05Z', '2026-02-30T03:04:05Z'),
      good.replace('2026-01-02T03:04:05Z', '1767323045'),
      good.replace('Attributes: none', 'Attributes: {"bio":1}'),
      good.replace('Attributes: none', 'Attributes: ["x"]'),
      good.replace('Register a name', 'Register a nam'),
      '{"name":"alice.latch.id","attributes":{},"timestamp":1767323045}',
    ])
      expect(parseReadableRegisterNameMessage(text), text).toBeUndefined()
  })
})
