// The rules every text the API takes or gives follows, without zod: both the route schemas (zod)
// and the answers' schemas the page loads (zod/mini) check them.

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
