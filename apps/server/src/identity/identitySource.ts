import type { IdentityResponse } from '@latch/protocol'
import type { Address } from 'viem'
import type { ChainClient } from '../chains/clients.ts'

/** A name and avatar of an address; both null when it has none. */
export type Identity = IdentityResponse

export const NO_IDENTITY: Identity = { name: null, avatar: null }

/**
 * The family whose accounts have names: both sources (names registered here, ENS reverse records)
 * are EVM contracts, so an account of another family has none.
 */
export const IDENTITY_NAMESPACE = 'eip155'

/**
 * Somewhere names of addresses come from: ENS reverse records (`EnsIdentitySource`),
 * and names registered here (`LatchNamesIdentitySource`). `lookup` answers undefined when it knows
 * no name for the address on those chains, and throws when the source itself cannot be read.
 */
export interface IdentitySource {
  /** For logs: which kind of source this is. */
  readonly name: string
  lookup(address: Address, chains: readonly ChainClient[]): Promise<Identity | undefined>
}

/** The first identity the sources know, asked in order; none when no source has a name. */
export async function resolveIdentity(
  sources: readonly IdentitySource[],
  address: Address,
  chains: readonly ChainClient[],
): Promise<Identity> {
  for (const source of sources) {
    const identity = await source.lookup(address, chains)
    if (identity?.name) return identity
  }
  return NO_IDENTITY
}
