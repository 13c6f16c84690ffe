import { chainOfCoinType, eip155NetworkId } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { Hex } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import { HttpError } from '../errors.ts'

/** 401 when the signature is not the address's (the same wording as sign-in). */
export const INVALID_SIGNATURE = 'Invalid signature'

/** The configured chain of an ENSIP-11 coin type; a 400 for another coin type. */
export function chainOfCoin(chains: ReadonlyMap<number, ChainClient>, coinType: number) {
  const chainId = chainOfCoinType(coinType)
  if (chainId === undefined || chainId === 0)
    throw new HttpError(400, `Coin type ${coinType} is not an EVM chain's (ENSIP-11)`)
  const chain = chains.get(chainId)
  if (!chain)
    throw new HttpError(
      400,
      `Coin type ${coinType} is ${eip155NetworkId(chainId)}, a chain this server does not support`,
    )
  return chain
}

/**
 * Whether `address` signed `message` on the chain: EIP-191 for an EOA, ERC-1271 for a deployed
 * smart account, ERC-6492 for one not deployed yet (viem's verifyMessage does all three). A chain
 * that does not answer is a 503: the signature may well be good.
 */
export async function isSignedBy(
  chain: ChainClient,
  request: { address: string; message: string; signature: string },
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    return await chain.client.verifyMessage({
      address: request.address as Hex,
      message: request.message,
      signature: request.signature as Hex,
    })
  } catch (error) {
    log.warn({ err: error, chain: chain.caipNetworkId }, 'name signature check failed')
    throw new HttpError(
      503,
      `Signature check unavailable: ${chain.caipNetworkId} did not answer; try again`,
    )
  }
}

/** Refuses with 401 'Invalid signature' unless `address` signed `message` on the chain. */
export async function requireSignedBy(
  chain: ChainClient,
  request: { address: string; message: string; signature: string },
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(await isSignedBy(chain, request, log))) throw new HttpError(401, INVALID_SIGNATURE)
}
