import { chainOfCoinType, eip155NetworkId, isEveryEvmChainCoinType } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import type { ChainClient } from '../chains/clients.ts'
import { isSignedByContract } from '../chains/isSignedByContract.ts'
import { isSignedByKey } from '../chains/isSignedByKey.ts'
import { HttpError } from '../errors.ts'

/** 401 when the signature is not the address's (the same wording as sign-in). */
export const INVALID_SIGNATURE = 'Invalid signature'

/**
 * The configured chains an ENSIP-11 coin type stands for: every configured EVM chain, in config
 * order, for 60 (clients send it for any EVM address) and ENSIP-19's default EVM coin type; else the
 * coin type's own chain. A 400 for a coin type that is not an EVM chain's or names a chain this
 * server does not serve.
 */
export function chainsOfCoin(
  chains: ReadonlyMap<number, ChainClient>,
  coinType: number,
): ChainClient[] {
  if (isEveryEvmChainCoinType(coinType)) {
    if (chains.size === 0) throw new HttpError(400, 'This server has no EVM chain to check on')
    return [...chains.values()]
  }
  const chainId = chainOfCoinType(coinType)
  if (chainId === undefined || chainId === 0)
    throw new HttpError(400, `Coin type ${coinType} is not an EVM chain's (ENSIP-11)`)
  const chain = chains.get(chainId)
  if (!chain)
    throw new HttpError(
      400,
      `Coin type ${coinType} is ${eip155NetworkId(chainId)}, a chain this server does not support`,
    )
  return [chain]
}

/**
 * Whether `address` signed `message` on one of the chains: EIP-191 for an EOA, checked without any
 * chain (it holds on every chain); else ERC-1271 for a deployed smart account, ERC-6492 for one not
 * deployed yet (viem's verifyMessage), the chains tried in order and the first that accepts it
 * deciding, so a smart account counts on the chain where it lives. When none accepts it and one
 * did not answer, a 503: the signature may well be good there.
 */
export async function isSignedBy(
  chains: readonly ChainClient[],
  request: { address: string; message: string; signature: string },
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (await isSignedByKey(request)) return true
  let unanswered: ChainClient | undefined
  for (const chain of chains) {
    try {
      if (await isSignedByContract(chain, request)) return true
    } catch (error) {
      log.warn({ err: error, chain: chain.caipNetworkId }, 'name signature check failed')
      unanswered ??= chain
    }
  }
  if (unanswered)
    throw new HttpError(
      503,
      `Signature check unavailable: ${unanswered.caipNetworkId} did not answer; try again`,
    )
  return false
}

/** Refuses with 401 'Invalid signature' unless `address` signed `message` on one of the chains. */
export async function requireSignedBy(
  chains: readonly ChainClient[],
  request: { address: string; message: string; signature: string },
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(await isSignedBy(chains, request, log))) throw new HttpError(401, INVALID_SIGNATURE)
}
