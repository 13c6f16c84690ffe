import type { ActiveAccount } from '../account/activeAccount.ts'
import { type AccountController, createAccountController } from '../account/index.ts'
import { type ConnectionsController, createConnections } from '../chains/createConnections.ts'
import type { EventsController } from '../events/index.ts'
import { createNetworkController, type NetworkController } from '../network/index.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { storedActiveNetwork } from '../rules/persistActiveNetwork.ts'
import type { LatchStorage } from '../storage/index.ts'
import type { ReadableStore } from '../store.ts'
import { type ConnectionController, createConnection } from './createConnection.ts'

export type ConnectionState = {
  connection: ConnectionController
  /** Each family's wallet connection, and which family is active. */
  connections: ConnectionsController
  /** The account of each namespace, the active family's shown. */
  account: AccountController
  /** The active account in CAIP form. */
  activeAccount: ReadableStore<ActiveAccount | undefined>
  network: NetworkController
}

/**
 * Who is connected, and where: the connection status, each family's connection, the account (which
 * follows the active family) and the network, which starts where the visitor left the active
 * family (kept in storage), else on the site's default.
 */
export function createConnectionState(deps: {
  options: Pick<ResolvedOptions, 'families' | 'networks' | 'defaultNetwork'>
  storage: LatchStorage
  events: EventsController
}): ConnectionState {
  const { options, storage } = deps
  const connections = createConnections({ storage, namespaces: options.families })
  const activeAccount = connections.activeAccount
  const connection = createConnection({
    storage,
    events: deps.events,
    // The network the wallet connected on, as CONNECT_SUCCESS reports it.
    chain: () => activeAccount.get()?.caipNetworkId,
  })
  const { activeNamespace } = connections.state.get()
  const account = createAccountController(activeNamespace)
  connections.state.subscribe((state) => account.setActiveNamespace(state.activeNamespace))
  const network = createNetworkController(
    options.networks,
    storedActiveNetwork(storage, options.networks, activeNamespace) ?? options.defaultNetwork,
  )
  return { connection, connections, account, activeAccount, network }
}
