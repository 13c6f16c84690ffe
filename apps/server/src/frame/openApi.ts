import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { SERVER_VERSION } from '../version.ts'

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

/**
 * The API listener's OpenAPI document (served at /docs): its routes from their zod schemas, and
 * the frame listener's routes when there is one, so one document describes the whole server.
 */
export function apiDocumentOptions(
  frame: FastifyInstance | undefined,
): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Latch server',
        description: 'Blockchain API, wallet registry and auth for the Latch wallet-connection kit',
        version: SERVER_VERSION,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject
      return frame ? withFrameRoutes(openapi, frame) : openapi
    },
  }
}
