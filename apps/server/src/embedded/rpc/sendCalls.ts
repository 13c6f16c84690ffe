import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { z } from 'zod'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import { MAX_CALLS_PER_BATCH } from '../constants.ts'
import { encodeCallsId } from './callsId.ts'
import { onChain } from './chainError.ts'
import { addressParam, assertOwnAddress, hexString, parseParams, quantity } from './params.ts'
import { sendOne } from './sendTransaction.ts'

/** How long a call waits for the one before it to be mined, when it needs its effects. */
const PREVIOUS_CALL_WAIT_MS = 20_000

/** wallet_sendCalls params: one batch of calls (EIP-5792). */
export const sendCallsParams = z.tuple([
  z.object({
    version: z.string().optional(),
    id: z.string().optional(),
    from: addressParam.optional(),
    chainId: quantity.optional(),
    atomicRequired: z.boolean().optional(),
    calls: z
      .array(
        z.object({
          to: addressParam.optional(),
          data: hexString.optional(),
          value: quantity.optional(),
          capabilities: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .min(1, 'At least one call is required')
      .max(MAX_CALLS_PER_BATCH, `At most ${MAX_CALLS_PER_BATCH} calls`),
    capabilities: z.record(z.string(), z.unknown()).optional(),
  }),
])

/** The chain of a wallet_sendCalls request: its own chainId if it names one, else the call's. */
export function sendCallsChainId(params: unknown): number | undefined {
  const parsed = sendCallsParams.safeParse(params)
  const chainId = parsed.success ? parsed.data[0].chainId : undefined
  return chainId === undefined ? undefined : Number(chainId)
}

/**
 * wallet_sendCalls (EIP-5792, version 2): an EOA cannot batch atomically, so the calls go out one
 * by one with consecutive nonces; the id encodes their hashes (see callsId).
 */
export async function sendCalls(
  account: PrivateKeyAccount,
  chain: ChainClient,
  params: unknown,
): Promise<{ id: Hex }> {
  const [request] = parseParams('wallet_sendCalls', sendCallsParams, params)
  if (request.from) assertOwnAddress(request.from, account.address)
  if (request.atomicRequired)
    throw new HttpError(400, 'Atomic batches are not supported by this account')
  const first = await onChain(() =>
    chain.client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
  )
  const hashes: Hex[] = []
  for (const [index, call] of request.calls.entries()) {
    const tx = {
      ...(call.to && { to: call.to }),
      ...(call.data && { data: call.data }),
      ...(call.value !== undefined && { value: call.value }),
    }
    try {
      hashes.push(await sendOne(account, chain, tx, first + index))
    } catch (error) {
      const previous = hashes[index - 1]
      let retried: Hex | undefined
      if (previous && error instanceof HttpError && error.statusCode === 400) {
        // Estimating this call may need the previous call's effects (approve, then swap).
        await chain.client
          .waitForTransactionReceipt({ hash: previous, timeout: PREVIOUS_CALL_WAIT_MS })
          .catch(() => undefined)
        retried = await sendOne(account, chain, tx, first + index).catch(() => undefined)
      }
      if (!retried) {
        const reason = error instanceof Error ? error.message : String(error)
        const sent = index > 0 ? ` (the ${index} before it were sent)` : ''
        throw new HttpError(
          error instanceof HttpError ? error.statusCode : 400,
          `Call ${index + 1} of ${request.calls.length} failed${sent}: ${reason}`,
        )
      }
      hashes.push(retried)
    }
  }
  return { id: encodeCallsId(chain.config.chainId, hashes) }
}
