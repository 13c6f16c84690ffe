import { NAME_LABEL_MAX_LENGTH, NAME_LABEL_MIN_LENGTH, NAME_LABEL_PATTERN } from '@latch/protocol'
import { HttpError } from '../errors.ts'

/** The 400 messages of the name rules (letters, digits and hyphens, at least 4). */
export const NAME_RULE_MESSAGES = {
  characters: 'Name may contain only letters, digits and hyphens',
  length: `Name must be ${NAME_LABEL_MIN_LENGTH} to ${NAME_LABEL_MAX_LENGTH} characters long, before its zone`,
  hyphens: 'Name must not start or end with a hyphen',
  zone: (zone: string) => `Name must end in .${zone}: names are registered under ${zone} only`,
  subLabel: (zone: string) => `Name must be <label>.${zone}, with no sub-labels`,
} as const

/** A name split into its parts, lower-cased: `label.zone`. */
export type ParsedName = { name: string; label: string; zone: string }

/** Checks one label (already lower-cased) against the name rules; a 400 names the broken rule. */
export function checkLabel(label: string): void {
  if (!NAME_LABEL_PATTERN.test(label)) throw new HttpError(400, NAME_RULE_MESSAGES.characters)
  if (label.length < NAME_LABEL_MIN_LENGTH || label.length > NAME_LABEL_MAX_LENGTH)
    throw new HttpError(400, NAME_RULE_MESSAGES.length)
  if (label.startsWith('-') || label.endsWith('-'))
    throw new HttpError(400, NAME_RULE_MESSAGES.hyphens)
}

/** Whether a label keeps every rule of checkLabel. */
export function isValidLabel(label: string): boolean {
  try {
    checkLabel(label)
    return true
  } catch {
    return false
  }
}

/**
 * Parses a name to register: exactly `<label>.<zone>`, lower-cased first. With `bareLabel` a
 * label alone is taken as under the zone (suggestions ask with what the visitor typed).
 */
export function parseName(
  input: string,
  zone: string,
  options: { bareLabel?: boolean } = {},
): ParsedName {
  const lowered = input.toLowerCase()
  const suffix = `.${zone}`
  let label: string
  if (lowered.endsWith(suffix)) label = lowered.slice(0, -suffix.length)
  else if (options.bareLabel && !lowered.includes('.')) label = lowered
  else throw new HttpError(400, NAME_RULE_MESSAGES.zone(zone))
  if (label.includes('.')) throw new HttpError(400, NAME_RULE_MESSAGES.subLabel(zone))
  checkLabel(label)
  return { name: `${label}${suffix}`, label, zone }
}

/** A name as looked up: lower-cased, so lookups match what registration stored. */
export const nameKey = (input: string): string => input.trim().toLowerCase()
