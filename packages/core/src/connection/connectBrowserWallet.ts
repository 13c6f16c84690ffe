import { LatchError } from '../errors.ts'
import { type ConnectableWallet, walletSummary } from './connectableWallet.ts'
import type { ConnectionController } from './createConnection.ts'
import type { ConnectionStatus } from './types.ts'

/**
 * Connects a wallet installed in this browser and records it as recent; a failed attempt leaves
 * the connection status as the wallet reports it.
 */
export function connectBrowserWallet(deps: {
  connection: ConnectionController
  /** Asks the family adapter to connect through `connectorId`. */
  connect(connectorId: string): Promise<void>
  walletStatus(): ConnectionStatus
  closeAfterConnect(): void
}): (wallet: ConnectableWallet) => Promise<void> {
  const { connection } = deps
  return async (wallet) => {
    if (!wallet.connectorId) throw new LatchError(`${wallet.name} is not installed in this browser`)
    const summary = walletSummary(wallet)
    connection.setRecentWallet(summary)
    try {
      await deps.connect(wallet.connectorId)
    } catch (error) {
      connection.setStatus(deps.walletStatus())
      throw error
    }
    connection.recordRecentWallet(summary)
    connection.finalize({ wallet: summary, method: 'browser' })
    deps.closeAfterConnect()
  }
}
