import type { ChainNamespace } from '../siteTypes.ts'
import type { FamilyLoader } from './createFamilies.ts'
import type { FamilyDeps } from './familyDeps.ts'

/**
 * The loaders of the families the kit implements, keyed by CAIP-2 namespace: a dynamic import
 * each, EVM's too, so a family the site does not configure costs the page no bytes (a Solana-only
 * page loads no wagmi or viem).
 */
export const FAMILY_LOADERS: Readonly<Partial<Record<ChainNamespace, FamilyLoader<FamilyDeps>>>> = {
  eip155: () => import('./evm/family.ts'),
  solana: () => import('./solana/family.ts'),
  bip122: () => import('./bitcoin/family.ts'),
  polkadot: () => import('./polkadot/family.ts'),
} satisfies Record<ChainNamespace, FamilyLoader<FamilyDeps>>
