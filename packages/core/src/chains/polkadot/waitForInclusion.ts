import { LatchError } from '../../errors.ts'
import type { SentTransfer, TransferReceipt } from '../types.ts'
import type { PolkadotServer } from './server.ts'

/**
 * Asks the server until the extrinsic is in a block, then whether it ran. A failed read is asked
 * again; no block within the timeout is an error the Send screen shows as "not confirmed yet".
 */
export async function waitForInclusion(
  server: Pick<PolkadotServer, 'status'>,
  sent: SentTransfer,
  { pollMs = 500, timeoutMs = 120_000 }: { pollMs?: number; timeoutMs?: number } = {},
): Promise<TransferReceipt> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const status = await server.status(sent.id, sent.caipNetworkId).catch(() => undefined)
    if (status?.status === 'included') return { success: status.success }
    if (Date.now() >= until)
      throw new LatchError('The transfer was not included in a block yet', {
        details: `Look for ${sent.id} on the network's explorer.`,
      })
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
