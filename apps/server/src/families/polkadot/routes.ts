import {
  errorResponse,
  polkadotStatusParams,
  polkadotStatusQuery,
  polkadotStatusResponse,
  polkadotSubmitBody,
  polkadotSubmitResponse,
  polkadotTransferBody,
  polkadotTransferResponse,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/index.ts'
import { HttpError } from '../../errors.ts'
import { requirePolkadotAddress } from './address.ts'
import { onChain } from './chainCall.ts'
import type { PolkadotChainClient } from './clients.ts'
import type { PolkadotFamily } from './family.ts'
import { findExtrinsic } from './history/store.ts'
import { submitPolkadotTransfer } from './submit.ts'
import { buildPolkadotTransfer } from './transfer.ts'

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 503: errorResponse }

/**
 * The Polkadot transfer routes. The page holds no chain client: POST /v1/polkadot/transfer builds
 * the payload the wallet signs, POST /v1/polkadot/submit puts the signature on it and submits,
 * and GET /v1/polkadot/status/{hash} tells pending from included (with the block and outcome)
 * from the history indexer's record of every signed extrinsic.
 */
export const polkadotRoutes =
  (deps: { polkadot: PolkadotFamily; db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const chainOf = (chainId: string): PolkadotChainClient => {
      const chain = deps.polkadot.chains.get(chainId)
      if (!chain)
        throw new HttpError(
          400,
          `Unsupported chain: ${chainId} is not a Polkadot network of this server`,
        )
      return chain
    }
    app.post(
      ROUTES.polkadotTransfer.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Build a transferKeepAlive of the native token for the wallet to sign',
          description:
            'Answers the SignerPayloadJSON a wallet extension signs with `signPayload`, the fee the runtime estimates and the existential deposit. ' +
            'Refused (400) for an address of another network or with a wrong checksum, an amount below the existential deposit to an empty account, ' +
            'more than the transferable balance with the fee, or one that would leave the sender below the existential deposit.',
          body: polkadotTransferBody,
          response: { 200: polkadotTransferResponse, ...errors },
        },
      },
      async (request) => {
        const { chainId, from, to, amount } = request.body
        const chain = chainOf(chainId)
        await requirePolkadotAddress(chain, from, 'from')
        await requirePolkadotAddress(chain, to, 'to')
        return onChain(
          chain,
          'Transfer building',
          () => buildPolkadotTransfer(chain, { from, to, amount: BigInt(amount) }),
          request.log,
        )
      },
    )
    app.post(
      ROUTES.polkadotSubmit.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: "Submit a transfer with the wallet's signature of its payload",
          description:
            'The payload must be one POST /v1/polkadot/transfer built (a balances.transferKeepAlive for this chain and runtime); answers the extrinsic hash. ' +
            'A refusal by the chain (bad signature, used nonce, expired) is a 400 with its reason.',
          body: polkadotSubmitBody,
          response: { 200: polkadotSubmitResponse, ...errors },
        },
      },
      async (request) => {
        const { chainId, payload, signature } = request.body
        const chain = chainOf(chainId)
        await requirePolkadotAddress(chain, payload.address, 'payload.address')
        const hash = await onChain(
          chain,
          'Submitting',
          () => submitPolkadotTransfer(chain, payload, signature as `0x${string}`),
          request.log,
        )
        return { hash }
      },
    )
    app.get(
      ROUTES.polkadotStatus.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Whether an extrinsic is in a block yet, and whether it succeeded',
          params: polkadotStatusParams,
          querystring: polkadotStatusQuery,
          response: { 200: polkadotStatusResponse, ...errors },
        },
      },
      async (request) => {
        const chain = chainOf(request.query.chainId)
        const hash = request.params.hash.toLowerCase()
        let row = await findExtrinsic(deps.db, chain.caipNetworkId, hash)
        if (!row) {
          // Not indexed yet: read the chain up to its finalized head now, rather than at the next poll.
          const indexer = deps.polkadot.indexers.get(chain.caipNetworkId)
          await onChain(chain, 'Status', async () => indexer?.catchUp(), request.log)
          row = await findExtrinsic(deps.db, chain.caipNetworkId, hash)
        }
        if (!row) return { status: 'pending' as const }
        return {
          status: 'included' as const,
          blockNumber: Number(row.block_number),
          blockHash: row.block_hash,
          success: row.success,
        }
      },
    )
  }
