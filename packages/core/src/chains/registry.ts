import type { ApiClient } from '../api/client.ts'
import type { ChainNamespace, ResolvedOptions } from '../options/types.ts'
import type {
  EmbeddedSolanaSource,
  LinkSolanaAccountDeps,
  WalletConnectSolanaSource,
} from '../rules/linkSolanaAccount.ts'
import type { LatchStorage } from '../storage/index.ts'
import type { FamilyLoader } from './loadFamilies.ts'

/** What the kit gives each family it loads. */
export type FamilyDeps = {
  options: ResolvedOptions
  storage: LatchStorage
  api: ApiClient
  /** The Latch server, for its JSON-RPC gateway. */
  serverUrl: string
  fetch?: typeof fetch
  /**
   * The sessions of other families that may hold an account of this one: a WalletConnect session
   * approving several namespaces, the embedded wallet's user.
   */
  links?: {
    evm: LinkSolanaAccountDeps['evm']
    walletConnect: WalletConnectSolanaSource | undefined
    embedded: EmbeddedSolanaSource | undefined
    account: LinkSolanaAccountDeps['account']
  }
}

/**
 * The loaders of the families the kit implements beside EVM, keyed by CAIP-2 namespace: a dynamic
 * import each, so a family the site does not configure costs the page no bytes. EVM is built with
 * the instance (its wagmi config is read synchronously as `latch.evm.wagmiConfig`). Bitcoin and
 * Polkadot get their entry here when they are implemented.
 */
export const FAMILY_LOADERS: Readonly<Partial<Record<ChainNamespace, FamilyLoader<FamilyDeps>>>> = {
  solana: () => import('./solana/family.ts'),
  bip122: () => import('./bitcoin/family.ts'),
}

/** The families the site's networks belong to, in the order of its networks. */
export function configuredNamespaces(
  networks: readonly { chainNamespace: ChainNamespace }[],
): ChainNamespace[] {
  return [...new Set(networks.map((network) => network.chainNamespace))]
}
