import { coinTypeOfChain, DEFAULT_EVM_COIN_TYPE, ETHEREUM_COIN_TYPE } from '@latch/protocol'
import type { Address } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import type { Identity, IdentitySource } from '../identity/identitySource.ts'
import type { NameStore } from './nameStore.ts'

/**
 * Names registered on this server: the name an address got last under the coin type
 * of one of the asked chains, or under 60 or ENSIP-19's default EVM coin type (an address on every
 * EVM chain), with its avatar attribute. Only addresses that signed for the name
 * themselves count, so no one can show their name on another's address. One query.
 */
export class LatchNamesIdentitySource implements IdentitySource {
  readonly name = 'latch-names'
  readonly #names: NameStore

  constructor(names: NameStore) {
    this.#names = names
  }

  async lookup(address: Address, chains: readonly ChainClient[]): Promise<Identity | undefined> {
    if (chains.length === 0) return undefined
    const coinTypes = [
      ...new Set([
        ...chains.map((chain) => coinTypeOfChain(chain.config.chainId)),
        ETHEREUM_COIN_TYPE,
        DEFAULT_EVM_COIN_TYPE,
      ]),
    ]
    return (await this.#names.identityOf(address, coinTypes)) ?? undefined
  }
}
