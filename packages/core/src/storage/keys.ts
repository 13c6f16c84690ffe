import type { ChainNamespace } from '../siteTypes.ts'

/** Every key the kit writes starts with this, so a site's own keys never collide with ours. */
export const STORAGE_PREFIX = '@latch/'

export type StorageKey = `${typeof STORAGE_PREFIX}${string}`

/** The kit's local-storage items; per-namespace items are functions of the namespace. */
export const STORAGE_KEYS = {
  recentWallets: '@latch/recent_wallets',
  activeNamespace: '@latch/active_namespace',
  activeNetworkId: (namespace: ChainNamespace) => `@latch/active_network_id:${namespace}` as const,
  connectedConnectorId: (namespace: ChainNamespace) =>
    `@latch/connected_connector_id:${namespace}` as const,
  connectedSocialProvider: '@latch/connected_social_provider',
  connectionStatus: '@latch/connection_status',
  connectedNamespaces: '@latch/connected_namespaces',
  deepLinkChoice: '@latch/deep_link_choice',
  balanceCache: '@latch/balance_cache',
  nativeBalanceCache: '@latch/native_balance_cache',
  identityCache: '@latch/identity_cache',
  ensCache: '@latch/ens_cache',
  preferredAccountTypes: '@latch/preferred_account_types',
  connections: '@latch/connections',
  /** The sign-in session (token and session) the browser keeps between visits. */
  siwxSession: '@latch/siwx_session',
  /** The connected Bitcoin wallet's addresses with their purposes, and the active one. */
  bitcoinAccounts: '@latch/bitcoin_accounts',
  /** The connected Polkadot extension's active account, as the extension lists it. */
  polkadotAccount: '@latch/polkadot_account',
} as const satisfies Record<string, StorageKey | ((namespace: ChainNamespace) => StorageKey)>
