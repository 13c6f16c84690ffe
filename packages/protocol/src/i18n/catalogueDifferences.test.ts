import { describe, expect, it } from 'vitest'
import { catalogueDifferences, NO_DIFFERENCES } from './catalogueDifferences.fixture.ts'

const english = {
  'a.title': 'Connect',
  'a.amount': 'Pay {amount} on {network}',
  'a.tokens': { one: '{count} token', other: '{count} tokens' },
}

describe('catalogueDifferences', () => {
  it('finds nothing in a translation with the same keys and placeholders', () => {
    expect(
      catalogueDifferences(english, {
        'a.tokens': { one: '{count} Token', other: '{count} Tokens' },
        'a.title': 'Verbinden',
        'a.amount': '{amount} auf {network} zahlen',
      }),
    ).toEqual(NO_DIFFERENCES)
  })

  it('names the keys English lacks, the keys missing and the placeholders that differ', () => {
    expect(
      catalogueDifferences(english, {
        'a.titel': 'Verbinden',
        'a.amount': '{betrag} auf {network} zahlen',
        'a.tokens': { one: '{count} Token', other: '{count} Tokens' },
      }),
    ).toEqual({
      unknownKeys: ['a.titel'],
      missingKeys: ['a.title'],
      placeholdersDiffer: ['a.amount'],
    })
  })
})
