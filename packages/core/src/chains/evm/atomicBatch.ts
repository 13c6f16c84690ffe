import type { Config } from '@wagmi/core'
import type { Address, Hex } from 'viem'
import { rethrowRejection } from './errors.ts'

/** One call of a batch. */
export type EvmCall = { to: Address; value?: bigint; data?: Hex }

/** How long a batch may take to land before the wait gives up (its calls may still land). */
const BATCH_WAIT_MS = 120_000

/**
 * Whether a wallet's EIP-5792 capabilities on a chain say it sends a batch atomically: `atomic`
 * as the EIP is now, and `atomicBatch`, its first version's name for the same capability.
 */
export function sendsAtomically(capabilities: unknown): boolean {
  const { atomic, atomicBatch } = (capabilities ?? {}) as {
    atomic?: { status?: string }
    atomicBatch?: { supported?: boolean }
  }
  const status = atomic?.status
  return status === 'supported' || status === 'ready' || atomicBatch?.supported === true
}

/** Batches of calls through the connected wallet (EIP-5792), wagmi's actions loaded on first use. */
export const atomicBatch = (config: Config) => ({
  async supportsAtomicBatch(chainId: number) {
    const { getCapabilities } = await import('./actions.ts')
    try {
      return sendsAtomically(await getCapabilities(config, { chainId }))
    } catch {
      // A wallet that does not know the method sends call by call.
      return false
    }
  },
  async sendAtomicBatch(calls: readonly EvmCall[], chainId: number) {
    const { sendCalls } = await import('./actions.ts')
    const { id } = await sendCalls(config, {
      calls: calls.map((call) => ({ ...call })),
      chainId,
      forceAtomic: true,
    }).catch(rethrowRejection)
    return id
  },
  async waitForBatch(id: string) {
    const { waitForCallsStatus } = await import('./actions.ts')
    const result = await waitForCallsStatus(config, { id, timeout: BATCH_WAIT_MS })
    return {
      success: result.status === 'success',
      transactionHash: result.receipts?.at(-1)?.transactionHash,
    }
  },
})
