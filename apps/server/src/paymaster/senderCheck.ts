import { LRUCache } from 'lru-cache'
import { type Address, getAddress, type Hex } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import {
  latchAccountAddress,
  latchAccountCode,
  latchAccountFactoryAbi,
  latchAccountOfFactoryData,
} from '../smartAccounts/latchAccount.ts'

/** Deployed accounts remembered per server instance (their code never changes). */
const KNOWN_ACCOUNTS_CACHED = 100_000

/**
 * Whether an operation's sender is one of LatchAccountFactory's accounts, the only contract whose
 * calldata the policy reads (as its `execute`) and whose validation the sponsor knows, and can
 * validate the operation: deployed, its code is the factory's clone of its implementation and the
 * operation has no factory; not deployed, the operation's factory is the chain's account factory
 * and its `createAccount` deploys to the sender. Anything else could make its `execute` call
 * contracts other than those its calldata names, or never land and only hold the budget.
 */
export class SenderCheck {
  /** Each chain's account implementation, asked of its factory once. */
  readonly #implementations = new Map<number, Promise<Address>>()
  /** `chainId:sender` of deployed accounts already checked. */
  readonly #deployed = new LRUCache<string, true>({ max: KNOWN_ACCOUNTS_CACHED })

  /** Why `operation` is not a LatchAccount's that can validate on `chain`, or undefined. */
  async problemOf(
    chain: ChainClient,
    factory: Address,
    operation: { sender: Address; factory?: Address | undefined; factoryData?: Hex | undefined },
  ): Promise<string | undefined> {
    const { chainId } = chain.config
    const { sender } = operation
    const network = `eip155:${chainId}`
    const deployedAlready = `The sender ${sender} is deployed already: an operation with a factory cannot be validated`
    const key = `${chainId}:${sender.toLowerCase()}`
    if (this.#deployed.has(key)) return operation.factory ? deployedAlready : undefined
    const [implementation, code] = await Promise.all([
      this.#implementationOf(chain, factory),
      chain.client.getCode({ address: sender }),
    ])
    if (code && code !== '0x') {
      if (code.toLowerCase() !== latchAccountCode(implementation))
        return `The sender ${sender} is not a LatchAccount of ${network}'s account factory ${factory}: only those are sponsored`
      this.#deployed.set(key, true)
      return operation.factory ? deployedAlready : undefined
    }
    if (!operation.factory)
      return `The sender ${sender} has no code on ${network} and the operation has no factory to deploy it: it cannot be validated`
    if (operation.factory.toLowerCase() !== factory.toLowerCase())
      return `Only accounts of ${network}'s account factory ${factory} are sponsored, not of ${operation.factory}`
    const account = latchAccountOfFactoryData(operation.factoryData ?? '0x')
    if (!account) return "The operation's factoryData is not the account factory's createAccount"
    const deploysTo = latchAccountAddress({ factory, implementation, ...account })
    if (deploysTo.toLowerCase() !== sender.toLowerCase())
      return `The operation's factoryData deploys ${deploysTo}, not the sender ${sender}`
    return undefined
  }

  #implementationOf(chain: ChainClient, factory: Address): Promise<Address> {
    const { chainId } = chain.config
    let known = this.#implementations.get(chainId)
    if (!known) {
      known = chain.client
        .readContract({
          address: factory,
          abi: latchAccountFactoryAbi,
          functionName: 'accountImplementation',
        })
        .then(getAddress)
      // A failed read is asked again next time, not remembered.
      known.catch(() => this.#implementations.delete(chainId))
      this.#implementations.set(chainId, known)
    }
    return known
  }
}
