import type { ChainNamespace } from '../options/types.ts'
import type { ChainAdapter } from './types.ts'

/**
 * What a family's module gives createLatch: its adapter, built from the kit's pieces. Each family is
 * its own module, loaded only when the site configures one of its networks.
 */
export type FamilyModule<Deps> = { createFamilyAdapter(deps: Deps): ChainAdapter }

/**
 * The loaders of the families the kit implements, keyed by CAIP-2 namespace: a dynamic import
 * each, so a family the site does not configure costs the page no bytes. EVM is built at once by
 * createLatch (its wagmi config is part of the instance a site reads synchronously); the others
 * load when configured and are not implemented yet.
 */
export const FAMILY_LOADERS: Readonly<
  Record<Exclude<ChainNamespace, 'eip155'>, (() => Promise<FamilyModule<unknown>>) | undefined>
> = {
  solana: undefined,
  bip122: undefined,
  polkadot: undefined,
}

/** The families the site's networks belong to, in the order of its networks. */
export function configuredNamespaces(
  networks: readonly { chainNamespace: ChainNamespace }[],
): ChainNamespace[] {
  return [...new Set(networks.map((network) => network.chainNamespace))]
}
