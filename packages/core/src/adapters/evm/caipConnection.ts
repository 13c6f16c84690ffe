import type { ChainConnection } from '../../chains/connection.ts'
import type { ReadableStore } from '../../store.ts'
import type { AdapterConnection } from '../types.ts'

/** An EVM connection in CAIP form: `eip155:<chainId>` and `eip155:<chainId>:<address>`. */
export function toChainConnection(connection: AdapterConnection): ChainConnection {
  if (connection.status !== 'connected') return connection
  return {
    status: 'connected',
    address: connection.address,
    caipNetworkId: `eip155:${connection.chainId}`,
    caipAddress: `eip155:${connection.chainId}:${connection.address}`,
    wallet: connection.wallet,
  }
}

/** The EVM connection store read in CAIP form. */
export function caipConnection(
  store: ReadableStore<AdapterConnection>,
): ReadableStore<ChainConnection> {
  return {
    get: () => toChainConnection(store.get()),
    subscribe: (listener) =>
      store.subscribe((state, previous) =>
        listener(toChainConnection(state), toChainConnection(previous)),
      ),
  }
}
