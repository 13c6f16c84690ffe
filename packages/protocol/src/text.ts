import { z } from 'zod'

/** What a string with a control character is refused with. */
export const CONTROL_CHARACTER_MESSAGE = 'Control characters (such as NUL) are not allowed'

/**
 * Whether `value` holds a control character: C0 (U+0000 to U+001F), DEL and C1 (U+007F to
 * U+009F). PostgreSQL cannot store NUL in text at all, and none of them belongs in an id, a name,
 * a query or a message a person wrote. `multiline` lets tab, line feed and carriage return through.
 */
export function hasControlCharacter(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code >= 0x7f && code <= 0x9f) return true
    if (code >= 0x20) continue
    if (options.multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue
    return true
  }
  return false
}

/** What a string with half of a UTF-16 surrogate pair and not the other is refused with. */
export const LONE_SURROGATE_MESSAGE =
  'Text must be well-formed Unicode: a lone UTF-16 surrogate (such as \\ud800) is not allowed'

/**
 * Whether `value` holds a lone UTF-16 surrogate: a high one (U+D800 to U+DBFF) not followed by a
 * low one (U+DC00 to U+DFFF), or a low one not after a high one. It is no character and has no
 * UTF-8 form: PostgreSQL refuses it in JSON (failing the whole statement), and a driver turns it
 * into U+FFFD in text, storing other text than was sent. JSON text can carry one ("\ud800").
 */
export function hasLoneSurrogate(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code < 0xd800 || code > 0xdfff) continue
    const next = value.charCodeAt(index + 1)
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      index++
      continue
    }
    return true
  }
  return false
}

/**
 * Why `value` is not text a route takes (a control character, a lone surrogate), or undefined;
 * for text found inside a value, such as the strings of a JSON object, that no schema of its own
 * walks.
 */
export function textProblem(
  value: string,
  options: { multiline?: boolean } = {},
): string | undefined {
  if (hasControlCharacter(value, options)) return CONTROL_CHARACTER_MESSAGE
  if (hasLoneSurrogate(value)) return LONE_SURROGATE_MESSAGE
  return undefined
}

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
