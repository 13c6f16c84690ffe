import { coinTypeOfChain } from '@latch/protocol'
import type { Address } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import type { NameStore } from '../names/nameStore.ts'
import type { Identity, IdentitySource } from './identitySource.ts'

/**
 * Names registered on this server: the name an address got last under the coin type
 * of one of the asked chains, with its avatar attribute. Only addresses that signed for the name
 * themselves count, so no one can show their name on another's address. One query.
 */
export class LatchNamesIdentitySource implements IdentitySource {
  readonly name = 'latch-names'
  readonly #names: NameStore

  constructor(names: NameStore) {
    this.#names = names
  }

  async lookup(address: Address, chains: readonly ChainClient[]): Promise<Identity | undefined> {
    const coinTypes = chains.map((chain) => coinTypeOfChain(chain.config.chainId))
    return (await this.#names.identityOf(address, coinTypes)) ?? undefined
  }
}
