import { type Chain, createWalletClient, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { z } from 'zod'
import type { ChainClient } from '../../chains/clients.ts'
import { isUpstreamOutage } from '../../chains/upstreamCircuits.ts'
import { HttpError } from '../../errors.ts'
import { onChain } from './chainError.ts'
import { addressParam, assertOwnAddress, hexString, parseParams, quantity } from './params.ts'

/** A transaction as eth_sendTransaction takes it (hex quantities); viem fills what is missing. */
export const transactionRequest = z
  .object({
    from: addressParam.optional(),
    to: addressParam.optional(),
    value: quantity.optional(),
    data: hexString.optional(),
    input: hexString.optional(),
    gas: quantity.optional(),
    gasPrice: quantity.optional(),
    maxFeePerGas: quantity.optional(),
    maxPriorityFeePerGas: quantity.optional(),
    nonce: quantity.optional(),
    chainId: quantity.optional(),
  })
  .refine(
    (tx) =>
      tx.gasPrice === undefined ||
      (tx.maxFeePerGas === undefined && tx.maxPriorityFeePerGas === undefined),
    // The kit's wording for the same rule.
    'gasPrice cannot be combined with maxFeePerGas or maxPriorityFeePerGas',
  )
export type TransactionRequest = z.infer<typeof transactionRequest>

/**
 * viem fills a transaction with one eth_fillTransaction call and, when that fails, with a call per
 * field. A chain that did not answer the first would not answer the others: give up after one
 * wait instead of two.
 */
const STOP_ON_OUTAGE: NonNullable<Chain['prepareTransactionRequest']> = [
  async (_request, { error }) => {
    if (isUpstreamOutage(error)) throw error
    return undefined
  },
  { runAt: ['afterFillTransactionError'] },
]

/**
 * Fills (nonce, gas, fees), signs with the user's key and broadcasts one transaction on the
 * chain; the chain's refusal is a 400 with its short message.
 */
export async function sendOne(
  account: PrivateKeyAccount,
  chain: ChainClient,
  tx: TransactionRequest,
  nonce?: number,
): Promise<Hex> {
  if (tx.from) assertOwnAddress(tx.from, account.address)
  if (tx.chainId !== undefined && tx.chainId !== BigInt(chain.config.chainId))
    throw new HttpError(400, 'The transaction chainId is not the requested chain')
  const wallet = createWalletClient({
    account,
    chain: chain.client.chain && {
      ...chain.client.chain,
      prepareTransactionRequest: STOP_ON_OUTAGE,
    },
    transport: chain.transport,
  })
  const fees =
    tx.gasPrice !== undefined
      ? { gasPrice: tx.gasPrice }
      : {
          ...(tx.maxFeePerGas !== undefined && { maxFeePerGas: tx.maxFeePerGas }),
          ...(tx.maxPriorityFeePerGas !== undefined && {
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
          }),
        }
  const explicitNonce = nonce ?? (tx.nonce === undefined ? undefined : Number(tx.nonce))
  return onChain(() =>
    wallet.sendTransaction({
      to: tx.to ?? null,
      ...(tx.value !== undefined && { value: tx.value }),
      ...((tx.data ?? tx.input) !== undefined && { data: tx.data ?? tx.input }),
      ...(tx.gas !== undefined && { gas: tx.gas }),
      ...(explicitNonce !== undefined && { nonce: explicitNonce }),
      ...fees,
    } as Parameters<typeof wallet.sendTransaction>[0]),
  )
}

/** eth_sendTransaction [tx]: the hash of the broadcast transaction. */
export async function sendTransaction(
  account: PrivateKeyAccount,
  chain: ChainClient,
  params: unknown,
): Promise<Hex> {
  const [tx] = parseParams('eth_sendTransaction', z.tuple([transactionRequest]), params)
  return sendOne(account, chain, tx)
}
