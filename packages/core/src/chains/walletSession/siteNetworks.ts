import { LatchError } from '../../errors.ts'
import type { CaipNetwork, ChainNamespace } from '../../siteTypes.ts'
import { type LatchStorage, STORAGE_KEYS } from '../../storage/index.ts'

/** A family's networks as the site configured them, and the one the visitor used last. */
export type SiteNetworks = {
  /** In the site's order, at least one. */
  all: readonly CaipNetwork[]
  first: CaipNetwork
  /** The site's network of that id; undefined for one the site does not offer. */
  configured(caipNetworkId: string | null | undefined): CaipNetwork | undefined
  /** The network kept in storage for the family, when the site still offers it. */
  lastUsed(): CaipNetwork | undefined
}

/**
 * The site's networks of one family. A family the kit loads serves at least one network, so none
 * is a setup mistake said at once, in the family's name.
 * @example siteNetworks(networks, storage, 'solana', 'Solana').first
 */
export function siteNetworks(
  networks: readonly CaipNetwork[],
  storage: Pick<LatchStorage, 'getItem'>,
  namespace: ChainNamespace,
  familyName: string,
): SiteNetworks {
  const [first] = networks
  if (!first) throw new LatchError(`Latch needs at least one ${familyName} network`)
  const configured = (caipNetworkId: string | null | undefined) =>
    networks.find((network) => network.caipNetworkId === caipNetworkId)
  return {
    all: networks,
    first,
    configured,
    lastUsed: () => configured(storage.getItem(STORAGE_KEYS.activeNetworkId(namespace))),
  }
}
