import { z } from 'zod'

// C0 controls but tab, line feed and carriage return; DEL; C1 controls. PostgreSQL cannot store
// NUL in text at all, and none of them belongs in an id, a name, a query or a message a person wrote.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
// One-line values refuse tab and line breaks too.
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F-\u009F]/

/** What a string with a control character is refused with. */
export const CONTROL_CHARACTER_MESSAGE = 'Control characters (such as NUL) are not allowed'

/** Whether `value` holds a control character; `multiline` lets tab, line feed and CR through. */
export function hasControlCharacter(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTER : CONTROL_OR_LINE_BREAK).test(value)
}

/**
 * The string every route schema takes: refuses control characters, so no text a caller sends can
 * reach the database or a log with a NUL in it. One-line unless `multiline` (a signed message).
 * `typeError` is the message for a value that is not a string at all.
 * @example text().min(1).max(64)
 */
export function text(options: { multiline?: boolean; typeError?: string } = {}): z.ZodString {
  const multiline = options.multiline ?? false
  return z
    .string(options.typeError)
    .refine((value) => !hasControlCharacter(value, { multiline }), CONTROL_CHARACTER_MESSAGE)
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
