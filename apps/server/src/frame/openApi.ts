import type { FastifyInstance } from 'fastify'

type PathItems = Record<string, object | undefined>
type OpenApiObject = { paths?: PathItems; tags?: { name: string; description?: string }[] }

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on the frame listener: its public origin (FRAME_URL, or where it listens). */
    frameOrigin?: () => string
  }
}

/**
 * The API document with the frame listener's routes added (the wallet page and /wallet/v1/*):
 * each of those paths names the frame origin as its only server, since the API's own listener
 * does not serve them and the frame refuses a write whose Origin is not its own.
 */
export function withFrameRoutes<Document extends OpenApiObject>(
  document: Document,
  frame: FastifyInstance,
): Document {
  const frameDocument = frame.swagger() as OpenApiObject
  const servers = [
    {
      url: frame.frameOrigin?.() ?? '',
      description:
        'The embedded wallet origin (FRAME_URL): a second listener of this server. Writes must ' +
        'carry this Origin; only the wallet page served here makes them.',
    },
  ]
  const framePaths = Object.fromEntries(
    Object.entries(frameDocument.paths ?? {}).map(([path, item]) => [path, { ...item, servers }]),
  )
  return { ...document, paths: { ...document.paths, ...framePaths } }
}
