import { z } from 'zod'
import { caipNetworkId } from './caipSchemas.ts'
import { text } from './text.ts'

/** Every error the server answers with: a status, a short name and a message a person can read. */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
})
export type ErrorResponse = z.infer<typeof errorResponse>

export const projectIdValue = text()
  .min(1, 'projectId is required')
  .max(64, 'projectId is at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'projectId has letters, digits, "-" and "_" only')

/** Query parameters the kit adds to every server call: project id, sdk type, sdk version. */
export const clientQuery = z.object({
  projectId: projectIdValue,
  st: text().max(64).optional().describe('SDK type'),
  sv: text().max(64).optional().describe('SDK version'),
})

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['pglite', 'postgres']) }),
  /**
   * Present when the server uses Redis (REDIS_URL). `connecting`: not connected, or reconnecting
   * after it went away; `unresponsive`: connected but not answering in time. Meanwhile the cache
   * and the gateway's limit work in each instance's memory.
   */
  redis: z
    .object({ ok: z.boolean(), state: z.enum(['ready', 'connecting', 'unresponsive']) })
    .optional(),
  chains: z.array(
    z.object({
      caipNetworkId,
      ok: z.boolean(),
      blockNumber: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
})
export type HealthResponse = z.infer<typeof healthResponse>

export {
  type ProjectOriginsResponse,
  projectOriginsResponse,
  type SupportedChainsResponse,
  supportedChainsResponse,
} from './answers/api.ts'
