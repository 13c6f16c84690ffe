import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ChainAdapter } from '../chains/types.ts'
import { displayMessage } from '../displayMessage.ts'
import type { EventsController } from '../events/index.ts'
import { trackConnectError } from '../events/track.ts'
import type { NetworkController } from '../network/index.ts'
import type { ReadableStore } from '../store.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import type { LoginMethod } from './context.ts'

/**
 * Email and social login end here, as a wallet connection: the EVM family connects the embedded
 * wallet (on the active network when it is an EVM one), the success or failure is reported like
 * another wallet's, and the modal closes as it does after other wallets.
 */
export function connectEmbedded(deps: {
  loadEvm(): Promise<Pick<ChainAdapter, 'connect'>>
  /** The active network: the wallet connects there when it is an EVM one. */
  network: Pick<NetworkController, 'state'>
  /** The account connected, whose network CONNECT_SUCCESS reports. */
  activeAccount: ReadableStore<ActiveAccount | undefined>
  events: Pick<EventsController, 'emit'>
  /** How the connected wallet is named (the login's provider, else 'Email'). */
  walletName(): string | undefined
  closeAfterConnect(): void
}): (method: LoginMethod) => Promise<void> {
  return async (method) => {
    const active = deps.network.state.get().activeNetwork
    const caipNetworkId = active?.chainNamespace === 'eip155' ? active.caipNetworkId : undefined
    try {
      const evm = await deps.loadEvm()
      await evm.connect(EMBEDDED_CONNECTOR_ID, caipNetworkId ? { caipNetworkId } : {})
    } catch (error) {
      trackConnectError(deps.events, method, displayMessage(error))
      throw error
    }
    const chain = deps.activeAccount.get()?.caipNetworkId
    deps.events.emit({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: {
        method,
        name: deps.walletName() ?? 'Email',
        walletId: EMBEDDED_CONNECTOR_ID,
        ...(chain ? { chain } : {}),
      },
    })
    deps.closeAfterConnect()
  }
}
