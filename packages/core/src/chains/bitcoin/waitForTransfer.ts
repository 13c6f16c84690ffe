import { LatchError } from '../../errors.ts'
import type { SentTransfer, TransferReceipt } from '../types.ts'
import type { EsploraGateway } from './esplora.ts'

/** Blocks come every ten minutes or so: the wait asks once every few seconds. */
export const CONFIRMATION_POLL_MS = 3000
/** A payment not mined within two hours is told as unconfirmed (it may still be mined later). */
export const CONFIRMATION_TIMEOUT_MS = 2 * 60 * 60 * 1000

/**
 * Waits until the transaction is in a block. A mined Bitcoin transaction did what it says (there
 * is no failed execution as on EVM): success is always true.
 */
export async function waitForBitcoinTransfer(
  gateway: Pick<EsploraGateway, 'status'>,
  sent: SentTransfer,
  options: { pollMs?: number; timeoutMs?: number; now?: () => number } = {},
): Promise<TransferReceipt> {
  const now = options.now ?? Date.now
  const pollMs = options.pollMs ?? CONFIRMATION_POLL_MS
  const deadline = now() + (options.timeoutMs ?? CONFIRMATION_TIMEOUT_MS)
  for (;;) {
    // A read that fails (the server restarting) is asked again at the next poll.
    const status = await gateway.status(sent.id).catch(() => undefined)
    if (status?.confirmed) return { success: true }
    if (now() >= deadline)
      throw new LatchError('The payment is not mined yet: check it later in Activity')
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
