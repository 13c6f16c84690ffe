import type { CaipNetworkId } from '@latch/protocol'
import type { CaipNetwork } from '../siteTypes.ts'
import type { LinkedAccount } from './types.ts'

/** A family's account held by another family's wallet, and the network it is used on. */
export type LinkedSession = { linked: LinkedAccount; caipNetworkId: CaipNetworkId }

/**
 * The linked session once the wallet told `linked` (undefined: the account ended). The network is
 * the first of `preferred` the account serves (a wallet that names no chains serves all), else
 * `fallback`; the one in use is preferred only when the same wallet tells its account again or
 * another one (its session refreshed, the visitor picked another account).
 */
export function relinkedSession(
  current: LinkedSession | undefined,
  linked: LinkedAccount | undefined,
  networks: {
    /** The site's networks to try after the one in use: the last one used, then the site's order. */
    preferred: readonly (CaipNetwork | undefined)[]
    inUse: (caipNetworkId: CaipNetworkId) => CaipNetwork | undefined
    fallback: CaipNetwork
  },
): LinkedSession | undefined {
  if (!linked) return undefined
  const same = current?.linked.wallet.id === linked.wallet.id
  const serves = (network: CaipNetwork | undefined) =>
    network !== undefined &&
    (linked.chains.length === 0 || linked.chains.includes(network.caipNetworkId))
  const candidates = [same && current ? networks.inUse(current.caipNetworkId) : undefined]
  const network = [...candidates, ...networks.preferred].find(serves) ?? networks.fallback
  return { linked, caipNetworkId: network.caipNetworkId }
}
