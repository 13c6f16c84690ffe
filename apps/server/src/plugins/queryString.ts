import type { FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'

/**
 * An onRequest hook: a query string that is not valid percent-encoding (`%ff`, a lone `%`) is a
 * 400. The query parser would otherwise keep such bytes as they are, and a route would take text
 * no browser or client library ever sends.
 */
export async function refuseMalformedQueryString(request: FastifyRequest): Promise<void> {
  const question = request.url.indexOf('?')
  if (question === -1) return
  try {
    decodeURIComponent(request.url.slice(question + 1).replaceAll('+', ' '))
  } catch {
    throw new HttpError(400, 'The query string is not valid percent-encoding')
  }
}
