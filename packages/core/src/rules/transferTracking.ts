import type { CaipNetworkId } from '@latch/protocol'
import type { TransferTracking } from '../chains/trackTransfers.ts'
import type { MinedTransaction } from '../history/createHistory.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import type { RefreshAfterMinedDeps, TransactionTracking } from './refreshAfterMined.ts'

export type LazyTransferTracking = TransferTracking & {
  /** The tracking code, loaded on the first call (the NFTs tab's sends wait for it). */
  load(): Promise<TransactionTracking>
  /** What the account holds changed (a purchase): its balance and Activity are read again. */
  refreshActivity(mined?: MinedTransaction): void
}

/**
 * A sent transaction is pending until mined, then the account is read again (`refreshAfterMined`).
 * That code loads with the first transaction, before its hash is handed back; the wallet sent it
 * already, so tracking code that cannot load never turns the send into a failure.
 */
export function createTransferTracking(
  deps: RefreshAfterMinedDeps,
  /** Where the code comes from: a test makes its load fail, as a chunk the network lost. */
  importCode: () => Promise<typeof import('./refreshAfterMined.ts')> = () =>
    import('./refreshAfterMined.ts'),
): LazyTransferTracking {
  const code = lazyCode(() => importCode().then(({ refreshAfterMined }) => refreshAfterMined(deps)))
  const loaded = () => code.load().catch(() => undefined)
  return {
    async track(hash: string) {
      ;(await loaded())?.sent(hash)
    },
    async watch<Receipt>(
      hash: string,
      caipNetworkId: CaipNetworkId | undefined,
      mined: Promise<Receipt>,
    ): Promise<Receipt> {
      const tracking = await loaded()
      return tracking ? tracking.waited(hash, caipNetworkId, mined) : mined
    },
    load: () => code.load(),
    refreshActivity(mined) {
      void loaded().then((tracking) => tracking?.refreshActivity(mined))
    },
  }
}
