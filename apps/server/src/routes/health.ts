import { type HealthResponse, healthResponse } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import type { RedisConnection } from '../redis/connection.ts'

const CHAIN_CHECK_TIMEOUT_MS = 2_000
const startedAt = Date.now()

async function checkChain({
  caipNetworkId,
  client,
}: ChainClient): Promise<HealthResponse['chains'][number]> {
  try {
    const blockNumber = await Promise.race([
      client.getBlockNumber({ cacheTime: 0 }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timed out')), CHAIN_CHECK_TIMEOUT_MS).unref(),
      ),
    ])
    return { caipNetworkId, ok: true, blockNumber: blockNumber.toString() }
  } catch (error) {
    // Says the chain's RPC is what failed, and how, in one line: never its URL, which may hold a
    // provider's key.
    const how = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return { caipNetworkId, ok: false, error: `RPC unavailable: ${how}` }
  }
}

/** Redis's state, after a PING bounded by its timeout: a frozen Redis shows as unresponsive. */
async function checkRedis(redis: RedisConnection): Promise<NonNullable<HealthResponse['redis']>> {
  const ok = await redis
    .run((client) => client.ping())
    .then(
      () => true,
      () => false,
    )
  return { ok, state: ok ? 'ready' : redis.state === 'ready' ? 'unresponsive' : redis.state }
}

/**
 * GET /health: each dependency's state (database, chains, Redis when configured); 200 when the
 * database answers, else 503. `status` is `degraded` when any dependency is not ok.
 */
export const healthRoutes =
  (deps: {
    db: Database
    chains: Map<number, ChainClient>
    redis: RedisConnection | undefined
    version: string
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and readiness: database, chain RPCs and Redis',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (_request, reply) => {
        const [databaseOk, chains, redis] = await Promise.all([
          deps.db.query('select 1').then(
            () => true,
            () => false,
          ),
          Promise.all([...deps.chains.values()].map(checkChain)),
          deps.redis ? checkRedis(deps.redis) : undefined,
        ])
        const everyOk = databaseOk && chains.every((chain) => chain.ok) && (redis?.ok ?? true)
        const body: HealthResponse = {
          status: everyOk ? 'ok' : 'degraded',
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: { ok: databaseOk, dialect: deps.db.dialect },
          ...(redis && { redis }),
          chains,
        }
        return reply.code(databaseOk ? 200 : 503).send(body)
      },
    )
  }
