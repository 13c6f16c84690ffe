import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MAX_JSON_DEPTH } from '../constants.ts'
import { HttpError } from '../errors.ts'

/** What JSON nested deeper than MAX_JSON_DEPTH is refused with. */
export const JSON_TOO_DEEP_MESSAGE = `JSON nested more than ${MAX_JSON_DEPTH} levels deep is not accepted`

/**
 * Whether the arrays and objects of JSON `text` nest deeper than MAX_JSON_DEPTH: one pass over
 * the characters, no recursion, brackets inside strings skipped. Text that is not JSON may be
 * counted wrong; it is refused by the parser after this either way.
 */
function nestsTooDeep(text: string): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === 0x5c) index++
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true
    } else if (code === 0x5d || code === 0x7d) depth--
  }
  return false
}

/**
 * JSON `text` a caller sent (a text/plain beacon, typed data in a string), parsed: a 400 when it
 * nests deeper than MAX_JSON_DEPTH, or with `notJson` when it is no JSON.
 */
export function parseCallerJson(text: string, notJson: string): unknown {
  if (nestsTooDeep(text)) throw new HttpError(400, JSON_TOO_DEEP_MESSAGE)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, notJson)
  }
}

/**
 * The JSON body parser of both listeners: Fastify's own (which refuses `__proto__` and
 * `constructor.prototype` keys), behind the depth limit, so no body can nest deep enough to
 * exhaust the stack of whatever walks it next (a 500 instead of a 400).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = body.toString()
      if (nestsTooDeep(text)) {
        done(new HttpError(400, JSON_TOO_DEEP_MESSAGE), undefined)
        return
      }
      parse(request, text, done)
    },
  )
}
