import { z } from 'zod'

import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  hasLoneSurrogate,
  LONE_SURROGATE_MESSAGE,
} from './textRules.ts'

export {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  hasLoneSurrogate,
  LONE_SURROGATE_MESSAGE,
  textProblem,
} from './textRules.ts'

/**
 * The string every route schema takes: refuses control characters and lone surrogates, so no
 * text a caller sends can reach the database or a log with a NUL in it, or fail a statement there.
 * One-line unless `multiline` (a signed message). `typeError` is the message for a value that is
 * not a string at all.
 * @example text().min(1).max(64)
 */
export function text(options: { multiline?: boolean; typeError?: string } = {}): z.ZodString {
  const multiline = options.multiline ?? false
  return z
    .string(options.typeError)
    .refine((value) => !hasControlCharacter(value, { multiline }), CONTROL_CHARACTER_MESSAGE)
    .refine((value) => !hasLoneSurrogate(value), LONE_SURROGATE_MESSAGE)
}

/**
 * A whole number written in a query string: digits only, read as a number. A lenient Number()
 * would take "1\t" or " 2" as well; then `pipe` a z.number() with the bounds.
 * @example wholeNumberText().pipe(z.number().min(1).max(100))
 */
export function wholeNumberText() {
  return text()
    .regex(/^\d{1,15}$/, 'Expected a whole number')
    .transform(Number)
}
