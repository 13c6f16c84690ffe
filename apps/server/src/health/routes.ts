import { type HealthResponse, healthResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CHAIN_CHECK_HUNG_MS, ChainHealth } from '../chains/chainHealth.ts'
import type { ChainClient } from '../chains/clients.ts'
import { outsideRequest } from '../chains/requestDeadline.ts'
import type { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import type { Database } from '../db/index.ts'
import type { RedisConnection } from '../redis/connection.ts'

const startedAt = Date.now()

/**
 * Redis's state as its connection knows it; a PING in the background (bounded by its timeout,
 * one at a time) lets a frozen Redis show as unresponsive even when nothing else calls it.
 */
function redisHealth(redis: RedisConnection) {
  let pinging = false
  return (): NonNullable<HealthResponse['redis']> => {
    if (!pinging) {
      pinging = true
      void outsideRequest(() => redis.run((client) => client.ping()))
        .catch(() => {})
        .finally(() => {
          pinging = false
        })
    }
    return { ok: redis.state === 'ready', state: redis.state }
  }
}

/**
 * GET /health: each dependency's state (database, chains, Redis when configured); 200 when the
 * database answers, else 503. `status` is `degraded` when any dependency is not ok. A chain or
 * Redis is reported as last known, never waited for (see ChainHealth): a frozen chain must not
 * make a load balancer's check time out and take a healthy instance out of rotation.
 */
export const healthRoutes =
  (deps: {
    db: Database
    chains: Map<number, ChainClient>
    /** The server's circuits, which every call to a chain updates. */
    circuits: Pick<UpstreamCircuits, 'isDown' | 'answeredAt'>
    redis: RedisConnection | undefined
    version: string
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const chains = [...deps.chains.values()].map((chain) => new ChainHealth(chain, deps.circuits))
    const redis = deps.redis && redisHealth(deps.redis)
    // The first answer already names each chain's block number, unless a chain hangs at start.
    app.addHook('onReady', async () => {
      await Promise.race([
        Promise.all(chains.map((chain) => chain.refresh())),
        new Promise((resolve) => setTimeout(resolve, CHAIN_CHECK_HUNG_MS).unref()),
      ])
    })
    app.get(
      ROUTES.health.path,
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and readiness: database, chain RPCs and Redis',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (_request, reply) => {
        for (const chain of chains) void chain.refresh()
        const databaseOk = await deps.db.query('select 1').then(
          () => true,
          () => false,
        )
        const chainStates = chains.map((chain) => chain.state())
        const redisState = redis?.()
        const everyOk =
          databaseOk && chainStates.every((chain) => chain.ok) && (redisState?.ok ?? true)
        const body: HealthResponse = {
          status: everyOk ? 'ok' : 'degraded',
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: { ok: databaseOk, dialect: deps.db.dialect },
          ...(redisState && { redis: redisState }),
          chains: chainStates,
        }
        return reply.code(databaseOk ? 200 : 503).send(body)
      },
    )
  }
