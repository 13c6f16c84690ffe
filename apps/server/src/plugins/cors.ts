import type { FastifyCorsOptions } from '@fastify/cors'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'
import { isLocalhostOrigin, type ProjectStore } from '../projects.ts'

/**
 * The API's CORS: the configured origins (the demo), localhost in development, and every
 * project's origins. A request without an Origin is no browser's cross-origin call, so it passes.
 */
export function corsOptions(deps: {
  corsOrigins: readonly string[]
  allowLocalhost: boolean
  projects: Pick<ProjectStore, 'isKnownOrigin'>
}): FastifyCorsOptions {
  const allows = async (origin: string | undefined): Promise<boolean> =>
    !origin ||
    deps.corsOrigins.includes(origin) ||
    (deps.allowLocalhost && isLocalhostOrigin(origin)) ||
    deps.projects.isKnownOrigin(origin)
  return {
    delegator: async (request: FastifyRequest) => {
      const origin = request.headers.origin
      const allowed = await allows(origin)
      // A preflight the browser will not follow with its request: say why, instead of a 404.
      if (
        !allowed &&
        request.method === 'OPTIONS' &&
        request.headers['access-control-request-method']
      )
        throw new HttpError(403, `Origin ${origin} is not allowed`)
      return { origin: allowed, credentials: true }
    },
  }
}
