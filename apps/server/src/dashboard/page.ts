import path from 'node:path'
import { text } from '@latch/protocol'
import { DASHBOARD_PATH } from '@latch/protocol/dashboard'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../errors.ts'
import { ASSET_PATH, CONTENT_TYPES, readOrUndefined } from '../frame/framePage.ts'

export const DASHBOARD_NOT_BUILT = 'Dashboard not built: run npm run build -w @latch/dashboard'

/**
 * The dashboard page's Content-Security-Policy: its own script, styles and JSON only (no inline
 * code, no eval), never framed, so another page can neither run code in it nor overlay it.
 */
export const DASHBOARD_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

const SECURITY_HEADERS = {
  'content-security-policy': DASHBOARD_PAGE_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/**
 * The dashboard page (the static build of apps/dashboard, Vite base '/dashboard/'): GET /dashboard
 * and its hashed assets. The page itself holds no data: it logs in and reads the JSON routes.
 */
export const dashboardPageRoutes =
  (deps: { pageDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(DASHBOARD_PATH, { schema: { hide: true } }, async (_request, reply) => {
      const page = await readOrUndefined(path.join(deps.pageDir, 'index.html'))
      reply.headers(SECURITY_HEADERS).header('cache-control', 'no-cache')
      if (!page) return reply.code(503).type('text/plain; charset=utf-8').send(DASHBOARD_NOT_BUILT)
      return reply.type('text/html; charset=utf-8').send(page)
    })

    app.get(
      `${DASHBOARD_PATH}/assets/*`,
      { schema: { hide: true, params: z.object({ '*': text().max(256) }) } },
      async (request, reply) => {
        const name = request.params['*']
        const type = CONTENT_TYPES[path.extname(name)]
        const assetsDir = path.join(deps.pageDir, 'assets')
        const file = path.join(assetsDir, name)
        const body =
          ASSET_PATH.test(name) && type && file.startsWith(`${assetsDir}${path.sep}`)
            ? await readOrUndefined(file)
            : undefined
        if (!body) throw new HttpError(404, `No asset ${name}`)
        return reply
          .headers(SECURITY_HEADERS)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(type as string)
          .send(body)
      },
    )
  }
