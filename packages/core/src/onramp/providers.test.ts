import { describe, expect, it } from 'vitest'
import { knownProviders } from './providers.ts'

describe('knownProviders (setting the providers)', () => {
  it('keeps only known providers named in the list, in the known order', () => {
    expect(knownProviders(['meld', 'moonpay', 'coinbase']).map((provider) => provider.id)).toEqual([
      'coinbase',
      'meld',
    ])
    expect(knownProviders(['sandbox']).map((provider) => provider.label)).toEqual([
      'Sandbox (test mode)',
    ])
  })

  it('gives each provider its label, description, fee range and payment methods', () => {
    expect(knownProviders(['coinbase'])).toEqual([
      {
        id: 'coinbase',
        label: 'Coinbase',
        description: expect.any(String),
        feeRange: { min: 1, max: 2 },
        paymentMethods: ['card', 'ach'],
      },
    ])
  })

  it('empties the list for anything but an array of strings', () => {
    for (const invalid of [undefined, null, 'coinbase', { coinbase: true }, ['coinbase', 3], 42])
      expect(knownProviders(invalid)).toEqual([])
    expect(knownProviders([])).toEqual([])
  })
})
