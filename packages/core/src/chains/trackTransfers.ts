import type { CaipNetworkId } from '@latch/protocol'
import type { ChainAdapter } from './types.ts'

/** How the kit follows a sent transaction: pending until mined, then the account is read again. */
export type TransferTracking = {
  /** The wallet sent `id`: it is pending from now on. */
  track(id: string): Promise<void>
  /** Resolves with `mined` once it is; the transaction leaves the pending list then. */
  watch<Receipt>(
    id: string,
    caipNetworkId: CaipNetworkId | undefined,
    mined: Promise<Receipt>,
  ): Promise<Receipt>
}

/** The family's adapter with its transfers tracked: pending until mined, as the modal shows them. */
export function trackTransfers<Adapter extends ChainAdapter>(
  family: Adapter,
  tracking: TransferTracking,
): Adapter {
  return {
    ...family,
    async sendTransfer(transfer) {
      const sent = await family.sendTransfer(transfer)
      await tracking.track(sent.id)
      return sent
    },
    waitForTransfer: (sent) =>
      tracking.watch(sent.id, sent.caipNetworkId, family.waitForTransfer(sent)),
  }
}
