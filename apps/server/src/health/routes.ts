import {
  type CaipNetworkId,
  caipNetworkId,
  type HealthResponse,
  healthResponse,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CHAIN_CHECK_HUNG_MS, ChainHealth } from '../chains/chainHealth.ts'
import type { ChainClient } from '../chains/clients.ts'
import { outsideRequest } from '../chains/requestDeadline.ts'
import type { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import type { Database } from '../db/index.ts'
import type { RedisConnection } from '../redis/connection.ts'
import { networksByNamespace } from './networksByNamespace.ts'

const startedAt = Date.now()

/**
 * The health answer: the protocol's, and `networks`, every configured network's CAIP-2 id under
 * its namespace (`eip155`, `solana`, `bip122`, `polkadot`), so an operator sees each family the
 * server serves. `chains` still reports the EVM chains' own state, which `status` counts.
 */
const serverHealthResponse = healthResponse.extend({
  networks: z.record(z.string(), z.array(caipNetworkId)),
})
type ServerHealthResponse = z.infer<typeof serverHealthResponse>

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
    /** Every configured network, of every family. */
    networks: readonly { namespace: string; caipNetworkId: CaipNetworkId }[]
    /** The server's circuits, which every call to a chain updates. */
    circuits: Pick<UpstreamCircuits, 'isDown' | 'answeredAt'>
    redis: RedisConnection | undefined
    version: string
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const chains = [...deps.chains.values()].map((chain) => new ChainHealth(chain, deps.circuits))
    const redis = deps.redis && redisHealth(deps.redis)
    const networks = networksByNamespace(deps.networks)
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
          response: { 200: serverHealthResponse, 503: serverHealthResponse },
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
        const body: ServerHealthResponse = {
          status: everyOk ? 'ok' : 'degraded',
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: { ok: databaseOk, dialect: deps.db.dialect },
          ...(redisState && { redis: redisState }),
          chains: chainStates,
          networks,
        }
        return reply.code(databaseOk ? 200 : 503).send(body)
      },
    )
  }
