import { NAME_LABEL_MAX_LENGTH } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { isValidLabel } from './nameRules.ts'
import { labelVariants } from './suggestions.ts'

describe('labelVariants', () => {
  it('suffixes the label with digits and words, in a fixed order', () => {
    expect(labelVariants('alice').slice(0, 7)).toEqual([
      'alice1',
      'alice2',
      'alice3',
      'alice7',
      'alice42',
      'alice99',
      'alice-id',
    ])
  })

  it('cuts a long label so every variant is a valid label, without repeats', () => {
    for (const label of ['a'.repeat(63), `${'b'.repeat(58)}-cdef`, `a${'-'.repeat(61)}b`]) {
      const variants = labelVariants(label)
      expect(variants.length).toBeGreaterThan(0)
      for (const variant of variants) {
        expect(isValidLabel(variant), variant).toBe(true)
        expect(variant.length).toBeLessThanOrEqual(NAME_LABEL_MAX_LENGTH)
        expect(variant).not.toBe(label)
      }
      expect(new Set(variants).size).toBe(variants.length)
    }
  })
})
