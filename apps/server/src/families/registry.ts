import { HttpError } from '../errors.ts'
import type { FamilyNamespace, FamilyNetwork, FamilySignIn, ServerFamily } from './types.ts'

/**
 * The server's chain families, each with its networks: the one place a route turns a CAIP-2 id,
 * or an account asked about on no particular network, into the family that serves it. Adding a
 * family is one more entry here, built in its own folder.
 */
export class Families {
  private readonly byNetwork = new Map<string, FamilyNetwork>()

  constructor(readonly list: readonly ServerFamily[]) {
    for (const family of list)
      for (const [id, network] of family.networks) this.byNetwork.set(id, network)
  }

  /** Every configured network, of every family. */
  get networks(): FamilyNetwork[] {
    return [...this.byNetwork.values()]
  }

  /** The configured network a CAIP-2 id names, of whatever family. */
  network(caipNetworkId: string): FamilyNetwork | undefined {
    return this.byNetwork.get(caipNetworkId)
  }

  /** The configured network a CAIP-2 id names, or a 400 saying the chain is not served. */
  requireNetwork(caipNetworkId: string): FamilyNetwork {
    const network = this.network(caipNetworkId)
    if (!network) throw new HttpError(400, `Unsupported chain ${caipNetworkId}`)
    return network
  }

  /** The family by its namespace, when the server configures any of its networks. */
  family(namespace: FamilyNamespace): ServerFamily | undefined {
    return this.list.find((family) => family.namespace === namespace && family.networks.size > 0)
  }

  /**
   * How to read a sign-in message whose first line is `header`: the family that reads it, else
   * EIP-4361's, the one most wallets sign, so that its parser says what is wrong with the message.
   */
  signInOf(header: string): FamilySignIn | undefined {
    const family =
      this.list.find((candidate) => candidate.signIn.reads(header)) ??
      this.list.find((candidate) => candidate.namespace === 'eip155')
    return family?.signIn
  }

  /** The configured family whose accounts are written as `address` is. */
  ofAccount(address: string): ServerFamily | undefined {
    return this.list.find((family) => family.networks.size > 0 && family.writesAccount(address))
  }
}
