import type { FastifyRequest } from 'fastify'

/**
 * Where the server serves a token's icon, as an absolute URL the page can put in an <img>:
 * `/public/getTokenImage/{symbol}` on this server, for the asking project.
 */
export function tokenIconUrl(request: FastifyRequest, symbol: string): string {
  const url = new URL(`/public/getTokenImage/${encodeURIComponent(symbol)}`, serverOrigin(request))
  // GET routes carry the project in the query, POST routes in the body.
  const projectId =
    (request.query as { projectId?: unknown } | undefined)?.projectId ??
    (request.body as { projectId?: unknown } | undefined)?.projectId
  if (typeof projectId === 'string') url.searchParams.set('projectId', projectId)
  return url.toString()
}

/** This server's origin as the caller reached it. */
export function serverOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}
