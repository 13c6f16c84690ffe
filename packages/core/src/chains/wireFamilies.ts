import type { Transport } from 'viem'
import type { AccountController } from '../account/index.ts'
import type { ApiClient } from '../api/client.ts'
import type { ConnectionController } from '../connection/index.ts'
import { displayMessage } from '../displayMessage.ts'
import { EMBEDDED_CONNECTOR_ID } from '../embedded/connectorId.ts'
import type { LazyEmbedded } from '../embedded/lazyEmbedded.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import type { NetworkController } from '../network/index.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { mirrorConnection } from '../rules/mirrorConnection.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { LatchStorage } from '../storage/index.ts'
import type { ReadableStore } from '../store.ts'
import type { ConnectionsController } from './createConnections.ts'
import { createFamilies, type FamiliesController } from './createFamilies.ts'
import type { EvmAdapter } from './evm/createEvmAdapter.ts'
import { adapterOf, type EvmCalls, evmCalls, evmOf } from './familyAccess.ts'
import type { FamilyDeps } from './familyDeps.ts'
import type { FamilyWalletOption } from './mergeWallets.ts'
import { FAMILY_LOADERS } from './registry.ts'
import { type TransferTracking, trackTransfers } from './trackTransfers.ts'
import type { ChainAdapter } from './types.ts'
import { createWalletList } from './walletList.ts'

export type WireFamiliesDeps = {
  options: ResolvedOptions
  /** Whether the site has an EVM network, whose sessions may hold other families' accounts. */
  hasEvm: boolean
  /** Where and how the families reach the server and the chains (the site's config). */
  server: { serverUrl: string; fetch?: typeof fetch; transports?: Record<number, Transport> }
  storage: LatchStorage
  api: ApiClient
  embedded: LazyEmbedded | undefined
  tracking: TransferTracking
  connections: ConnectionsController
  connection: ConnectionController
  account: AccountController
  network: NetworkController
  snackbar: Pick<SnackbarController, 'showError'>
}

export type WiredFamilies = FamiliesController & {
  /** The wallets of the families loaded so far, each once. */
  readonly wallets: ReadableStore<FamilyWalletOption[]>
  loadEvm(): Promise<EvmAdapter>
  /** The adapter of a configured family once its code loaded (else a LatchError). */
  adapterOf(namespace: ChainNamespace): ChainAdapter
  /** The adapter of the active account's family. */
  activeAdapter(): ChainAdapter
  /** The EVM family's adapter once loaded, and the calls swaps, NFTs and names make on it. */
  evmOf(): EvmAdapter
  readonly evmCalls: EvmCalls
  /**
   * `loading` (the families' code, or their sessions restored too) and, with several families,
   * the code that merges their wallets alongside: without it a wallet offering two families is
   * listed twice, so its failure is reported.
   */
  withFamilies(loading: Promise<void>): Promise<void>
}

/**
 * The site's chain families: each one's code loads by dynamic import, EVM's too (a page pays only
 * for the families its site configures), then its adapter is built with its transfers tracked,
 * its wallet mirrored into the kit's account and network, and its wallets listed.
 */
export function wireFamilies(deps: WireFamiliesDeps): WiredFamilies {
  const namespaces = deps.options.families
  const families: FamiliesController = createFamilies<FamilyDeps>({
    namespaces,
    loaders: FAMILY_LOADERS,
    familyDeps: (namespace) => familyDeps(deps, namespace, loadEvm),
    wrap: (family) => trackTransfers(family, deps.tracking),
    wire: (family) => wireFamily(family),
    onError: (_namespace, error) => deps.snackbar.showError(displayMessage(error)),
  })
  const loadEvm = () => families.load('eip155') as Promise<EvmAdapter>
  const list = createWalletList({ namespaces, adapters: families.adapters })
  function wireFamily(family: ChainAdapter): void {
    mirrorFamily(deps, family)
    deps.connections.track(family.namespace, family.connection)
    family.wallets.subscribe(list.refresh)
    list.refresh()
  }
  // With several families, the code that merges their wallets and follows the active family.
  const severalFamilies = lazyCode(() =>
    import('./severalFamilies.ts').then((code) => {
      list.mergeWith(code.mergeWallets)
      code.followActiveFamily({ connections: deps.connections, network: deps.network })
    }),
  )
  return {
    ...families,
    wallets: list.wallets,
    loadEvm,
    adapterOf: (namespace) => adapterOf(families.adapters, namespace),
    activeAdapter: () => adapterOf(families.adapters, deps.connections.state.get().activeNamespace),
    evmOf: () => evmOf(families.adapters),
    evmCalls: evmCalls(families.adapters),
    async withFamilies(loading) {
      const several =
        namespaces.length > 1 &&
        severalFamilies
          .load()
          .catch((error: unknown) => deps.snackbar.showError(displayMessage(error)))
      await Promise.all([loading, several])
    },
  }
}

/** What a family is built from; a family beside EVM may find its account in EVM's sessions. */
function familyDeps(
  deps: WireFamiliesDeps,
  namespace: ChainNamespace,
  loadEvm: () => Promise<EvmAdapter>,
): FamilyDeps {
  const { server, embedded } = deps
  return {
    options: deps.options,
    storage: deps.storage,
    api: deps.api,
    serverUrl: server.serverUrl,
    ...(server.fetch ? { fetch: server.fetch } : {}),
    ...(server.transports ? { transports: server.transports } : {}),
    embedded: embedded?.standIn,
    tracking: deps.tracking,
    // A WalletConnect session or the embedded wallet (both EVM's) may hold its account too.
    ...(deps.hasEvm && namespace !== 'eip155'
      ? {
          links: {
            evm: loadEvm,
            embedded: embedded && { id: EMBEDDED_CONNECTOR_ID, ...embedded.controller },
            account: deps.account,
          },
        }
      : {}),
  }
}

/** The family's wallet is mirrored into the connection, its account and the network. */
function mirrorFamily(deps: WireFamiliesDeps, family: ChainAdapter): void {
  const { embedded } = deps
  mirrorConnection({
    namespace: family.namespace,
    isActive: () => deps.connections.state.get().activeNamespace === family.namespace,
    wallet: family.connection,
    connection: deps.connection,
    account: deps.account,
    network: deps.network,
    walletInfo: (option) =>
      embedded && option.id === EMBEDDED_CONNECTOR_ID
        ? embedded.controller.walletInfo()
        : { name: option.name, ...(option.icon ? { icon: option.icon } : {}) },
  })
}
