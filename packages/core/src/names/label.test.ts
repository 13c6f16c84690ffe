import { describe, expect, it } from 'vitest'
import { NAME_LABEL_ISSUES, nameLabelIssue, normalizeNameLabel } from './label.ts'

describe('nameLabelIssue (letters, digits and hyphens, at least 4 characters)', () => {
  it('accepts letters, digits and hyphens from 4 to 63 characters', () => {
    for (const label of ['alice', 'a-b9', '1234', 'x'.repeat(63)])
      expect(nameLabelIssue(label)).toBeUndefined()
  })

  it('names the rule a label breaks', () => {
    expect(nameLabelIssue('abc')).toMatchObject({ english: 'A name needs at least 4 characters' })
    expect(nameLabelIssue('')).toBe(NAME_LABEL_ISSUES.tooShort)
    expect(nameLabelIssue('x'.repeat(64))).toMatchObject({
      english: 'A name can have at most 63 characters',
    })
    for (const label of ['ali ce', 'al_ce', 'bob.sub', 'café', 'a!'])
      expect(nameLabelIssue(label)).toBe('Use letters, digits and hyphens only')
    expect(nameLabelIssue('-alice')).toBe('A name cannot start or end with a hyphen')
    expect(nameLabelIssue('alice-')).toBe(NAME_LABEL_ISSUES.hyphens)
  })
})

describe('normalizeNameLabel', () => {
  it('lower-cases, trims and drops the zone when the whole name was typed', () => {
    expect(normalizeNameLabel('  Alice ', 'latch.id')).toBe('alice')
    expect(normalizeNameLabel('Alice.Latch.ID', 'latch.id')).toBe('alice')
    expect(normalizeNameLabel('alice.other.id', 'latch.id')).toBe('alice.other.id')
    expect(nameLabelIssue(normalizeNameLabel('alice.other.id', 'latch.id'))).toBe(
      NAME_LABEL_ISSUES.characters,
    )
  })
})
