import type { FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'

/**
 * Where the query string of a request target starts, as the router reads it: after the first
 * '?' or '#' (no browser sends a fragment, but the router takes what follows one as the query),
 * or -1 without one. Whatever reads the query from the raw URL must cut it where the router does.
 */
export function queryStart(url: string): number {
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index)
    if (code === 0x3f || code === 0x23) return index
  }
  return -1
}

/**
 * An onRequest hook: a query string that is not valid percent-encoding (`%ff`, a lone `%`) is a
 * 400. The query parser would otherwise keep such bytes as they are, and a route would take text
 * no browser or client library ever sends.
 */
export async function refuseMalformedQueryString(request: FastifyRequest): Promise<void> {
  const start = queryStart(request.url)
  if (start === -1) return
  try {
    decodeURIComponent(request.url.slice(start + 1).replaceAll('+', ' '))
  } catch {
    throw new HttpError(400, 'The query string is not valid percent-encoding')
  }
}
