import { LatchError } from '../errors.ts'
import type { NetworkController } from '../network/index.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { ReadableStore } from '../store.ts'
import type { FamilyWalletsDeps } from './connectFamilies.ts'
import type { ConnectionsController } from './createConnections.ts'
import type { EvmAdapter } from './evm/createEvmAdapter.ts'
import type { FamilyWalletOption } from './mergeWallets.ts'
import type { ChainAdapter } from './types.ts'

type Adapters = Readonly<Partial<Record<ChainNamespace, ChainAdapter>>>

/** Swap's, NFTs' and names' calls on the EVM family. */
export type EvmCalls = Pick<
  EvmAdapter,
  | 'sendTransaction'
  | 'waitForTransaction'
  | 'supportsAtomicBatch'
  | 'sendAtomicBatch'
  | 'waitForBatch'
>

/** The adapter of a family the site configured, once its code loaded. */
export function adapterOf(adapters: Adapters, namespace: ChainNamespace): ChainAdapter {
  const found = adapters[namespace]
  if (!found) throw new LatchError(`No ${namespace} wallet is available`)
  return found
}

/** The EVM family's adapter, once its code loaded. */
export function evmOf(adapters: Adapters): EvmAdapter {
  return adapterOf(adapters, 'eip155') as EvmAdapter
}

/**
 * The EVM family's calls, each reaching the adapter as it is called: swaps, NFTs and names call
 * them only once a wallet connected, so the family is there by then.
 */
export function evmCalls(adapters: Adapters): EvmCalls {
  const evm = () => evmOf(adapters)
  return {
    sendTransaction: (transaction) => evm().sendTransaction(transaction),
    waitForTransaction: (hash, chainId) => evm().waitForTransaction(hash, chainId),
    supportsAtomicBatch: (chainId) => evm().supportsAtomicBatch(chainId),
    sendAtomicBatch: (calls, chainId) => evm().sendAtomicBatch(calls, chainId),
    waitForBatch: (id) => evm().waitForBatch(id),
  }
}

/**
 * `latch.evm`: the EVM family's adapter, read synchronously.
 * @throws LatchError saying what to do when the site has no EVM network, or before it loaded.
 */
export function loadedEvm(adapters: Adapters, hasEvm: boolean): EvmAdapter {
  if (!hasEvm)
    throw new LatchError('No EVM network is configured', {
      details: 'latch.evm is the EVM family: add an eip155 network to networks.',
    })
  const evm = adapters.eip155
  if (!evm)
    throw new LatchError('The EVM family has not loaded yet', {
      details: "await latch.loadFamily('eip155') (or latch.start()) before reading latch.evm.",
    })
  return evm as EvmAdapter
}

/** What connecting a wallet of several families reads: the families, their wallets, the network. */
export function familyWallets(deps: {
  adapters: Adapters
  wallets: ReadableStore<FamilyWalletOption[]>
  connections: Pick<ConnectionsController, 'state'>
  network: Pick<NetworkController, 'state'>
}): FamilyWalletsDeps {
  const { connections, network } = deps
  return {
    adapters: deps.adapters,
    wallets: deps.wallets,
    activeNamespace: () => connections.state.get().activeNamespace,
    connections: () => connections.state.get().byNamespace,
    // A family connects on the active network when it is one of that family's.
    networkFor: (namespace) => {
      const active = network.state.get().activeNetwork
      return active?.chainNamespace === namespace ? active.caipNetworkId : undefined
    },
  }
}

/**
 * Ends every family the wallet connected, together; with none connected, the EVM family is still
 * asked to end its session.
 */
export async function disconnectFamilies(adapters: Adapters): Promise<void> {
  const families = Object.values(adapters)
  const connected = families.filter((family) => family.connection.get().status !== 'disconnected')
  const fallback = adapters.eip155 ? [adapters.eip155] : []
  await Promise.all(
    (connected.length > 0 ? connected : fallback).map((family) => family.disconnect()),
  )
}
