import type { Text } from '@latch/protocol/i18n'
import {
  NAME_LABEL_MAX_LENGTH,
  NAME_LABEL_MIN_LENGTH,
  NAME_LABEL_PATTERN,
} from '@latch/protocol/names'
import { phrase } from '../i18n/phrases.ts'

/** Why a label cannot be registered, in the words the RegisterAccountName view shows. */
export const NAME_LABEL_ISSUES = {
  characters: 'Use letters, digits and hyphens only',
  tooShort: phrase('names.tooShort', { count: NAME_LABEL_MIN_LENGTH }),
  tooLong: phrase('names.tooLong', { count: NAME_LABEL_MAX_LENGTH }),
  hyphens: 'A name cannot start or end with a hyphen',
} as const

/**
 * The label as the server stores it: trimmed and lower-cased, without the zone when the visitor
 * typed the whole name.
 * @example normalizeNameLabel(' Alice.latch.id ', 'latch.id') // 'alice'
 */
export function normalizeNameLabel(input: string, zone: string): string {
  const label = input.trim().toLowerCase()
  const suffix = `.${zone.toLowerCase()}`
  return label.endsWith(suffix) ? label.slice(0, -suffix.length) : label
}

/**
 * What is wrong with a label, or undefined when it may be registered (letters, digits and
 * hyphens, at least 4 characters). Expects a normalized label (see normalizeNameLabel).
 * @example nameLabelIssue('abc') // 'A name needs at least 4 characters'
 */
export function nameLabelIssue(label: string): Text | undefined {
  // The characters first: 'a.b' is wrong for its dot, whatever its length.
  if (label !== '' && !NAME_LABEL_PATTERN.test(label)) return NAME_LABEL_ISSUES.characters
  if (label.length < NAME_LABEL_MIN_LENGTH) return NAME_LABEL_ISSUES.tooShort
  if (label.length > NAME_LABEL_MAX_LENGTH) return NAME_LABEL_ISSUES.tooLong
  // A leading or trailing hyphen: the server refuses it (as DNS does), so say so before signing.
  if (label.startsWith('-') || label.endsWith('-')) return NAME_LABEL_ISSUES.hyphens
  return undefined
}
