import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { FRAME_PAGE_PATH, projectIdValue, text } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../errors.ts'
import { unknownProjectError } from '../plugins/project.ts'
import type { ProjectStore } from '../projects.ts'
import { embeddingOrigins, framePagePolicy, withParentOrigins } from './security.ts'

export const FRAME_NOT_BUILT = 'Wallet frame not built: run npm run build -w @latch/wallet-frame'

export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
}

// Asset names as Vite writes them: no '..', no leading dot, nothing but a plain relative path.
export const ASSET_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/

export const readOrUndefined = (file: string) =>
  readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR')
      return undefined
    throw error
  })

/**
 * The wallet frame page (the static build of packages/wallet-frame, Vite base '/frame/'):
 * GET /frame?projectId=... with a CSP that lets only the project's origins embed it and those
 * origins named in the page for the frame's own check, and its hashed assets, cached for good.
 */
export const framePageRoutes =
  (deps: { frameDir: string; projects: ProjectStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      FRAME_PAGE_PATH,
      {
        schema: {
          tags: ['wallet frame'],
          summary: 'The embedded wallet page, for an iframe on one of the project origins',
          querystring: z.object({ projectId: projectIdValue }),
        },
      },
      async (request, reply) => {
        const project = await deps.projects.get(request.query.projectId)
        if (!project) throw unknownProjectError(request.query.projectId)
        const page = await readOrUndefined(path.join(deps.frameDir, 'index.html'))
        if (!page) return reply.code(503).type('text/plain; charset=utf-8').send(FRAME_NOT_BUILT)
        const embedding = embeddingOrigins(project.allowedOrigins)
        return reply
          .header('content-security-policy', framePagePolicy(embedding))
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(withParentOrigins(page.toString('utf8'), embedding))
      },
    )

    app.get(
      `${FRAME_PAGE_PATH}/assets/*`,
      { schema: { hide: true, params: z.object({ '*': text().max(256) }) } },
      async (request, reply) => {
        const name = request.params['*']
        const type = CONTENT_TYPES[path.extname(name)]
        const assetsDir = path.join(deps.frameDir, 'assets')
        const file = path.join(assetsDir, name)
        const body =
          ASSET_PATH.test(name) && type && file.startsWith(`${assetsDir}${path.sep}`)
            ? await readOrUndefined(file)
            : undefined
        if (!body) throw new HttpError(404, `No asset ${name}`)
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(type as string)
          .send(body)
      },
    )
  }
