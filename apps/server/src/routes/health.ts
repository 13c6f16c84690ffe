import { type HealthResponse, healthResponse } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'

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
    return {
      caipNetworkId,
      ok: false,
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    }
  }
}

/** GET /health: 200 when the database answers (chains are reported, each ok or not), else 503. */
export const healthRoutes =
  (deps: {
    db: Database
    chains: Map<number, ChainClient>
    version: string
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and readiness: database and chain RPCs',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (_request, reply) => {
        const [databaseOk, chains] = await Promise.all([
          deps.db.query('select 1').then(
            () => true,
            () => false,
          ),
          Promise.all([...deps.chains.values()].map(checkChain)),
        ])
        const body: HealthResponse = {
          status: databaseOk && chains.every((chain) => chain.ok) ? 'ok' : 'degraded',
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: { ok: databaseOk, dialect: deps.db.dialect },
          chains,
        }
        return reply.code(databaseOk ? 200 : 503).send(body)
      },
    )
  }
