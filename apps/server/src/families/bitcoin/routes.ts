import { errorResponse, esploraQuery, text } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import { RawTx } from '@scure/btc-signer'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../errors.ts'
import type { RedisConnection } from '../../redis/connection.ts'
import type { RpcConfig } from '../../rpc/config.ts'
import { createRateLimiter } from '../../rpc/rateLimiter.ts'
import type { BitcoinChainClient } from './clients.ts'
import type { EsploraAnswer } from './esplora.ts'
import type { BitcoinFamily } from './family.ts'
import { GATEWAY_PATHS, upstreamPath } from './gatewayPaths.ts'
import { nodeRefusalMessage } from './nodeRefusal.ts'

/** Largest raw transaction taken: 400,000 weight units is at most 400 kB, 800 kB of hex. */
const MAX_TRANSACTION_HEX = 800_000

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  429: errorResponse,
  503: errorResponse,
}

/**
 * The Bitcoin gateway: `GET /v1/esplora/<path>` and `POST /v1/esplora/tx`, with `?chainId=bip122:...`.
 * A Bitcoin chain speaks Esplora's REST API, not JSON-RPC, so its gateway is a route of its own
 * rather than a method list of `POST /v1`: it forwards the paths a wallet page needs to the chain's
 * Esplora URLs (failing over in order, through the server's circuits), answers what they answer
 * (the same JSON and text, so Esplora clients work against it), checks every path part and
 * broadcast first, and counts each call against the project's JSON-RPC rate limit.
 */
export const esploraRoutes =
  (deps: {
    bitcoin: Pick<BitcoinFamily, 'chains'>
    rpc: RpcConfig
    redis: RedisConnection | undefined
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = createRateLimiter(deps.redis, deps.rpc.rateLimitPerSecond, app.log)

    /** The chain of the call, after the project's rate limit; 400 for a chain that is not Bitcoin. */
    const chainOf = async (request: FastifyRequest, reply: FastifyReply, chainId: string) => {
      const chain = deps.bitcoin.chains.get(chainId)
      if (!chain)
        throw new HttpError(
          400,
          `Unsupported chain: ${chainId} is not a Bitcoin network of this server`,
        )
      const projectId = request.project?.id ?? ''
      const wait = await limiter.take(projectId, 1)
      if (wait > 0) {
        reply.header('retry-after', String(wait))
        throw new HttpError(
          429,
          `Rate limit exceeded: project "${projectId}" may make ${limiter.callsPerSecond} calls per second`,
        )
      }
      return chain
    }

    /** Calls upstream; a chain that does not answer is a 503 naming the chain, not its URL. */
    const forward = async (
      request: FastifyRequest,
      chain: BitcoinChainClient,
      call: () => Promise<EsploraAnswer>,
    ) => {
      try {
        return await call()
      } catch (error) {
        request.log.warn({ err: error, chain: chain.caipNetworkId }, 'Esplora call failed')
        throw new HttpError(503, `Bitcoin node unavailable: ${chain.caipNetworkId} did not answer`)
      }
    }

    app.get(
      ROUTES.esplora.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: "A Bitcoin network's Esplora API, for the paths a wallet page reads",
          description:
            `Answers what the chain's Esplora API answers (JSON or text), for: ${GATEWAY_PATHS.join(', ')}. ` +
            "An address must be of the network's kind (bc1 on mainnet, tb1 on testnet, bcrt1 on " +
            "regtest); a malformed part is a 400, another path a 404. Counts against the project's " +
            'JSON-RPC rate limit.',
          params: z.object({ '*': text().max(2000) }),
          querystring: esploraQuery,
          response: {
            200: z
              .unknown()
              .describe("Esplora's answer: JSON, or text for hex, hashes and heights"),
            ...errors,
          },
        },
        // Upstream answers are passed on as they are.
        serializerCompiler: () => (data) =>
          typeof data === 'string' ? data : JSON.stringify(data),
      },
      async (request, reply) => {
        const chain = await chainOf(request, reply, request.query.chainId)
        const path = upstreamPath(chain, request.params['*'])
        const answer = await forward(request, chain, () => chain.esplora.request('GET', path))
        if (answer.status >= 400)
          throw new HttpError(answer.status === 404 ? 404 : 400, answer.body.trim())
        return reply.type(answer.contentType).send(answer.body)
      },
    )

    app.post(
      ROUTES.esploraBroadcast.path,
      {
        schema: {
          tags: ['blockchain'],
          summary:
            'Broadcasts a signed Bitcoin transaction (raw hex, text/plain) and answers its txid',
          description:
            "As Esplora's POST /tx: the body is the transaction's hex, the answer its txid as text. " +
            'A body that is not a transaction is a 400 before any call upstream; a transaction the ' +
            "node refuses is a 400 saying why in plain words, then the node's reason in brackets " +
            '(dust, min relay fee not met, bad-txns-inputs-missingorspent, ...).',
          querystring: esploraQuery,
          body: text().describe('The signed transaction, hex'),
          response: { 200: z.string().describe('The txid'), ...errors },
        },
        serializerCompiler: () => (data) =>
          typeof data === 'string' ? data : JSON.stringify(data),
      },
      async (request, reply) => {
        const chain = await chainOf(request, reply, request.query.chainId)
        const hex = String(request.body).trim()
        if (hex.length > MAX_TRANSACTION_HEX || !/^([0-9a-fA-F]{2})+$/.test(hex))
          throw new HttpError(400, 'The body must be a signed transaction in hex')
        try {
          RawTx.decode(Buffer.from(hex, 'hex'))
        } catch {
          throw new HttpError(400, 'The body is hex but not a Bitcoin transaction')
        }
        const answer = await forward(request, chain, () =>
          chain.esplora.request('POST', '/tx', hex.toLowerCase()),
        )
        if (answer.status >= 400) throw new HttpError(400, nodeRefusalMessage(answer.body))
        return reply.type('text/plain').send(answer.body.trim())
      },
    )
  }
