import { describe, expect, it } from 'vitest'
import { decimal, englishText, isPhrase, phraseOf, phraseParams } from './phrase.ts'

const english = {
  sent: 'Sent {amount} {symbol}',
  quote: 'Could not get a quote: {reason}',
} as const

describe('phraseOf', () => {
  it('fills its English words, amounts exact and grouped', () => {
    const sent = phraseOf(english, 'sent', { amount: decimal('1234.000015'), symbol: 'ETH' })
    expect(sent).toEqual({
      key: 'sent',
      values: { amount: { decimal: '1234.000015' }, symbol: 'ETH' },
      english: 'Sent 1,234.000015 ETH',
    })
    expect(isPhrase(sent)).toBe(true)
    expect(isPhrase('Sent 1 ETH')).toBe(false)
    expect(englishText(sent)).toBe('Sent 1,234.000015 ETH')
  })

  it('writes a nested text in English in the English words', () => {
    const inner = phraseOf(english, 'sent', { amount: decimal('2'), symbol: 'DAI' })
    expect(phraseOf(english, 'quote', { reason: { text: inner } }).english).toBe(
      'Could not get a quote: Sent 2 DAI',
    )
    expect(phraseOf(english, 'quote', { reason: { text: 'No liquidity' } }).english).toBe(
      'Could not get a quote: No liquidity',
    )
  })
})

describe('phraseParams', () => {
  it("writes amounts the locale's way and nested texts through the given words", () => {
    const params = phraseParams(
      { amount: decimal('1234.5'), count: 3, reason: { text: 'No liquidity' } },
      'fr',
      (text) => `«${englishText(text)}»`,
    )
    expect(params).toEqual({ amount: '1\u202f234,5', count: 3, reason: '«No liquidity»' })
  })
})
