import { WALLETCONNECT_CONNECTOR_ID } from '../chains/evm/walletconnect/connectorId.ts'
import { displayMessage } from '../displayMessage.ts'
import { LatchError } from '../errors.ts'
import type { EventsController } from '../events/index.ts'
import { trackConnectError, trackSelectWallet } from '../events/track.ts'
import { deferred, type LazyCode, lazyCode } from '../lazy/lazyCode.ts'
import type { ConnectionController } from './createConnection.ts'
import type { LatchWalletConnect, WalletConnectPairing } from './latchWalletConnect.ts'
import type { WalletLinking } from './types.ts'

/** What pairing needs of the EVM family: its WalletConnect connector, and connecting through it. */
export type WalletConnectFamily = {
  readonly walletConnect: WalletConnectPairing | undefined
  connect(walletId: string): Promise<void>
}

/**
 * `latch.walletConnect`: pairing runs through the EVM family's WalletConnect connector, so its code
 * loads with that family, on the first call. Each pick and each failure is reported.
 */
export function lazyWalletConnect(deps: {
  walletActions: LazyCode<typeof import('./walletActions.ts')>
  loadEvm(): Promise<WalletConnectFamily>
  connection: ConnectionController
  events: Pick<EventsController, 'emit'>
  closeAfterConnect(): void
}): LatchWalletConnect {
  const { events } = deps
  const code = lazyCode(async () => {
    const [{ createLatchWalletConnect }, evm] = await Promise.all([
      deps.walletActions.load(),
      deps.loadEvm(),
    ])
    const pairing = evm.walletConnect
    if (!pairing) throw new LatchError('WalletConnect is not configured')
    return createLatchWalletConnect({
      connection: deps.connection,
      pairing,
      walletId: WALLETCONNECT_CONNECTOR_ID,
      connectSession: () => evm.connect(WALLETCONNECT_CONNECTOR_ID),
      closeAfterConnect: deps.closeAfterConnect,
    })
  })
  return {
    async connect(wallet) {
      trackSelectWallet(events, wallet ?? { name: 'WalletConnect' }, 'qrcode')
      try {
        return await (await code.load()).connect(wallet)
      } catch (error) {
        trackConnectError(events, 'qrcode', displayMessage(error), wallet?.name)
        throw error
      }
    },
    openLink: deferred(code, (loaded, linking: WalletLinking) => {
      trackSelectWallet(events, { name: linking.name }, 'mobile')
      loaded.openLink(linking)
    }),
    // Nothing was paired before the code loaded: nothing to leave.
    leave: () => code.current()?.leave(),
  }
}
