import { LatchError } from '../errors.ts'
import type { CaipNetwork, ChainNamespace } from '../siteTypes.ts'

const invalid = (details: string) => new LatchError('Invalid App Configuration', { details })

/**
 * The chain families a page loads: those of the site's networks, the default network's first (its
 * family is the active one until the visitor picks another), then in the order of the networks.
 * With `adapters` the site names them itself, so no network can pull a family's code into the page
 * by accident: every network must be of a named family, and every named family needs a network.
 * @throws LatchError ('Invalid App Configuration', with details naming it) for a network of a
 *   family `adapters` leaves out, a named family without a network, or a family the kit does not
 *   implement.
 * @example resolveFamilies([devnet, solanaDevnet], devnet, ['eip155', 'solana'], ['eip155', 'solana'])
 */
export function resolveFamilies(
  networks: readonly CaipNetwork[],
  defaultNetwork: CaipNetwork,
  adapters: readonly ChainNamespace[] | undefined,
  implemented: readonly ChainNamespace[],
): ChainNamespace[] {
  const families = [
    ...new Set([defaultNetwork, ...networks].map((network) => network.chainNamespace)),
  ]
  if (!adapters) return families
  for (const namespace of adapters) {
    if (!implemented.includes(namespace))
      throw invalid(
        `The adapters option names ${namespace}, which Latch does not implement (it implements ${implemented.join(', ')}).`,
      )
    if (!families.includes(namespace))
      throw invalid(
        `The adapters option names ${namespace}, but no network of the networks option is of that family: add one, or leave ${namespace} out.`,
      )
  }
  const outside = networks.find((network) => !adapters.includes(network.chainNamespace))
  if (outside)
    throw invalid(
      `Network ${outside.name} (${outside.caipNetworkId}) is of the ${outside.chainNamespace} family, which the adapters option leaves out: add '${outside.chainNamespace}' to adapters, or remove the network.`,
    )
  return families
}
