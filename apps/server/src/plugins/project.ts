import { projectIdValue } from '@latch/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'
import { isLocalhostOrigin, originAllowed, type Project, type ProjectStore } from '../projects.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The project the call is made for; set on routes that require one. */
    project?: Project
  }
}

/** Where a caller may put the project id: the query (as the kit does), a JSON body, or a header. */
function projectIdOf(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined
  const body = request.body as Record<string, unknown> | undefined
  return (
    query?.projectId ??
    (body && typeof body === 'object' ? body.projectId : undefined) ??
    request.headers['x-project-id']
  )
}

/**
 * The answer to a project id no project has: 401 on every route that takes one (the kit's
 * calls, the frame page, email and social login), so a caller sees one status for one mistake.
 */
export const unknownProjectError = (projectId: string): HttpError =>
  new HttpError(401, `Invalid Project ID: no project "${projectId}" is registered`)

/**
 * A preValidation hook for `/v1/*` and wallet-registry routes: the project id must be given (400),
 * name a known project (401), and a browser's Origin must be on that project's allowlist (403),
 * or be localhost when `allowLocalhost` is on (ALLOW_LOCALHOST, on outside production).
 */
export function requireProject(projects: ProjectStore, options: { allowLocalhost: boolean }) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const raw = projectIdOf(request)
    if (raw === undefined || raw === '') throw new HttpError(400, 'projectId is required')
    const parsed = projectIdValue.safeParse(raw)
    if (!parsed.success)
      throw new HttpError(400, `Invalid projectId: ${parsed.error.issues[0]?.message}`)
    const project = await projects.get(parsed.data)
    if (!project) throw unknownProjectError(parsed.data)
    const origin = request.headers.origin
    const allowed = (value: string) =>
      originAllowed(value, project.allowedOrigins) ||
      (options.allowLocalhost && isLocalhostOrigin(value))
    if (origin && !allowed(origin)) {
      throw new HttpError(403, `Origin ${origin} is not allowed for project "${project.id}"`)
    }
    request.project = project
  }
}
