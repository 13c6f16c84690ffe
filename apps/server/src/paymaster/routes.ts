import {
  eip155NetworkId,
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcResponse,
  paymasterParams,
  RPC_ERROR_CODES,
  SPONSORSHIP_REFUSED_CODE,
  sponsorshipRefusedMessage,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { numberToHex } from 'viem'
import type { ChainConfig } from '../chains/chainConfig.ts'
import { isUpstreamOutage } from '../chains/upstreamCircuits.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, DatabaseUnavailableError } from '../db/unavailable.ts'
import { HttpError } from '../errors.ts'
import type { Project } from '../projects.ts'
import type { RedisConnection } from '../redis/connection.ts'
import type { RpcConfig } from '../rpc/config.ts'
import { invalidRequestReason } from '../rpc/gateway.ts'
import {
  jsonRpcCalls,
  jsonRpcCompilers,
  jsonRpcSchema,
  takeAllowance,
} from '../rpc/jsonRpcRoute.ts'
import { createRateLimiter } from '../rpc/rateLimiter.ts'
import { clientOfIp } from './clientKey.ts'
import { PaymasterParamsError, type PaymasterService, SponsorshipRefusedError } from './service.ts'

/** ERC-7677's two methods, and the chain id answered here. */
export const PAYMASTER_METHODS: ReadonlySet<string> = new Set([
  'pm_getPaymasterStubData',
  'pm_getPaymasterData',
  'eth_chainId',
])

/** A call's answer; an error says when what failed is the chain or the database, not the call. */
type Outcome = { result: unknown } | { error: JsonRpcError; down?: 'chain' | 'database' }

const refused = (error: SponsorshipRefusedError): Outcome => ({
  error: {
    code: SPONSORSHIP_REFUSED_CODE,
    message: sponsorshipRefusedMessage(error.reason),
    data: { reason: error.reason, ...(error.detail ? { detail: error.detail } : {}) },
  },
})

/**
 * POST /v1/paymaster?chainId&projectId: ERC-7677's paymaster service for the server's
 * LatchPaymaster, shaped like the bundler route (one call or a batch, rate-limited per project
 * with an allowance of its own). It is a route apart, not methods on the bundler route: EIP-5792's
 * paymasterService capability and viem's paymaster client take a URL of its own, and this route
 * signs with the server's key under a project's policy while the bundler route only forwards.
 */
export const paymasterRoute =
  (deps: {
    chains: ChainConfig[]
    rpc: RpcConfig
    /** Undefined when the server has no signing key: every sponsorship is refused. */
    service: PaymasterService | undefined
    redis: RedisConnection | undefined
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const configured = new Map<string, number>(
      deps.chains.map((chain) => [eip155NetworkId(chain.chainId), chain.chainId]),
    )
    // Its own allowance beside the gateway's and the bundler route's, at the same rate.
    const limiter = createRateLimiter(deps.redis, deps.rpc.rateLimitPerSecond, app.log)

    app.post(
      ROUTES.paymaster.path,
      {
        schema: jsonRpcSchema({
          summary: "ERC-7677 paymaster service: sponsored gas under the project's policy",
          description:
            'pm_getPaymasterStubData and pm_getPaymasterData for EntryPoint v0.8 user operations ' +
            "on a configured EVM chain, signed for the chain's LatchPaymaster by the server; " +
            'eth_chainId answered too. An operation the project does not pay for (its policy is ' +
            "off, its budget or the visitor's daily cap is used up, a call to a contract it does " +
            `not pay for) is refused in-band with code ${SPONSORSHIP_REFUSED_CODE}, a message a ` +
            'visitor can read and data.reason, as is a client (an IP) holding its share of the ' +
            'budget in open reservations; bad params (among them a sender that is not a ' +
            "LatchAccount of the chain's account factory able to validate the operation) are " +
            '-32602, other methods -32601. A chain or database that does not answer is a 503; a ' +
            'body that is no JSON-RPC at all is a 400.',
          degradable: true,
        }),
        ...jsonRpcCompilers,
      },
      async (request, reply) => {
        const { chainId } = request.query
        const chainNumber = configured.get(chainId)
        if (chainNumber === undefined) throw new HttpError(400, 'Unsupported chain')
        const body = jsonRpcCalls(request.body, 'the route')
        if ('answer' in body) return body.answer
        const { calls, isBatch } = body
        const project = request.project as Project
        await takeAllowance(limiter, reply, {
          key: `paymaster:${project.id}`,
          projectId: project.id,
          calls: calls.length,
          what: 'paymaster calls',
        })

        const asker = { project, chainId: chainNumber, client: clientOfIp(request.ip) }
        const outcomes = await Promise.all(
          calls.map((call) => answer(call, asker, deps.service, request.log)),
        )
        const answered = outcomes.filter(
          (outcome): outcome is { id: JsonRpcId; outcome: Outcome } => outcome !== undefined,
        )
        // Every call failed for the chain or the database: the route is degraded, not the input.
        const downs = answered.map(({ outcome }) => ('error' in outcome ? outcome.down : undefined))
        if (answered.length > 0 && downs.every((down) => down !== undefined)) {
          if (downs.includes('database')) throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE)
          throw new HttpError(
            503,
            `The chain ${chainId} did not answer: sponsored gas is unavailable for now, try again`,
          )
        }
        const responses: JsonRpcResponse[] = answered.map(({ id, outcome }) =>
          'result' in outcome
            ? { jsonrpc: '2.0', id, result: outcome.result }
            : { jsonrpc: '2.0', id, error: outcome.error },
        )
        if (responses.length === 0) return reply.code(204).send(null)
        return isBatch ? responses : responses[0]
      },
    )
  }

/** Who asks: the project, the chain of the route, the client (clientKey.ts). */
type Asker = { project: Project; chainId: number; client: string }

/** One call's answer with its id, or undefined for a notification (nothing is done for it). */
async function answer(
  call: unknown,
  asker: Asker,
  service: PaymasterService | undefined,
  log: FastifyBaseLogger,
): Promise<{ id: JsonRpcId; outcome: Outcome } | undefined> {
  const invalid = invalidRequestReason(call)
  if (invalid)
    return {
      id: null,
      outcome: {
        error: { code: RPC_ERROR_CODES.invalidRequest, message: `Invalid Request: ${invalid}` },
      },
    }
  const { id, method, params } = call as { id?: JsonRpcId; method: string; params?: unknown }
  // A notification gets no answer: signing one would reserve budget for nobody.
  if (id === undefined) return undefined
  return { id, outcome: await outcomeOf(method, params, asker, service, log) }
}

async function outcomeOf(
  method: string,
  params: unknown,
  { project, chainId, client }: Asker,
  service: PaymasterService | undefined,
  log: FastifyBaseLogger,
): Promise<Outcome> {
  if (!PAYMASTER_METHODS.has(method))
    return {
      error: {
        code: RPC_ERROR_CODES.methodNotFound,
        message: `Method ${method} is not allowed on the paymaster route`,
      },
    }
  if (method === 'eth_chainId') return { result: numberToHex(chainId) }
  const parsed = paymasterParams.safeParse(params)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `params.${issue.path.join('.')}: ` : ''
    return {
      error: {
        code: RPC_ERROR_CODES.invalidParams,
        message: `Invalid params: ${where}${issue?.message ?? 'not ERC-7677 params'}`,
      },
    }
  }
  if (!service)
    return refused(
      new SponsorshipRefusedError('unavailable', 'this server has no paymaster signing key'),
    )
  try {
    const result =
      method === 'pm_getPaymasterStubData'
        ? await service.stubData(project, chainId, parsed.data, client)
        : await service.paymasterData(project, chainId, parsed.data, client)
    return { result }
  } catch (error) {
    if (error instanceof SponsorshipRefusedError) return refused(error)
    if (error instanceof PaymasterParamsError)
      return { error: { code: RPC_ERROR_CODES.invalidParams, message: error.message } }
    if (isUpstreamOutage(error))
      return {
        error: {
          code: RPC_ERROR_CODES.internalError,
          message: `eip155:${chainId} did not answer: try again`,
        },
        down: 'chain',
      }
    if (error instanceof DatabaseUnavailableError) {
      log.warn({ err: error }, 'database unavailable')
      return {
        error: { code: RPC_ERROR_CODES.internalError, message: DATABASE_UNAVAILABLE_MESSAGE },
        down: 'database',
      }
    }
    log.error({ err: error, method }, 'the paymaster could not answer')
    return {
      error: {
        code: RPC_ERROR_CODES.internalError,
        message: 'Internal error: the paymaster could not answer this call',
      },
    }
  }
}
