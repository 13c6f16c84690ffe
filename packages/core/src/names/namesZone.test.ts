import { DEFAULT_NAMES_ZONE } from '@latch/protocol/names'
import { describe, expect, it } from 'vitest'
import { namesZone } from './namesZone.ts'

describe('namesZone', () => {
  it('writes the site’s zone as the server keeps it, else the default', () => {
    expect(namesZone(' .Example.ID ')).toBe('example.id')
    expect(namesZone('shop.eth')).toBe('shop.eth')
    expect(namesZone(undefined)).toBe(DEFAULT_NAMES_ZONE)
    expect(namesZone('  ')).toBe(DEFAULT_NAMES_ZONE)
    expect(namesZone('.')).toBe(DEFAULT_NAMES_ZONE)
  })
})
