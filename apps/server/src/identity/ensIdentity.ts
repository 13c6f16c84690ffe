import { type Address, parseAbi, zeroAddress } from 'viem'
import { namehash, normalize } from 'viem/ens'
import type { ChainClient } from '../chains/clients.ts'
import { isUpstreamOutage } from '../chains/upstreamCircuits.ts'
import type { Identity, IdentitySource } from './identitySource.ts'

const registryAbi = parseAbi(['function resolver(bytes32 node) view returns (address)'])
const resolverAbi = parseAbi([
  'function name(bytes32 node) view returns (string)',
  'function addr(bytes32 node) view returns (address)',
  'function text(bytes32 node, string key) view returns (string)',
])

/**
 * ENS primary names, read from the ENS registry a chain's config names (`ensRegistry`): the
 * reverse record of `<address>.addr.reverse` gives a name, which counts only when that name
 * resolves forward to the same address (anyone may write any name into their reverse record);
 * its `avatar` text record (ENSIP-12) is the avatar when it is an http(s) or data:image URL.
 *
 * The registry and resolvers are read directly (ENSIP-3 reverse resolution), not through the
 * Universal Resolver: no wildcard (ENSIP-10) or CCIP-read (EIP-3668) names, and NFT avatars
 * (`eip155:1/erc721:...`) are not resolved to images.
 */
export class EnsIdentitySource implements IdentitySource {
  readonly name = 'ens'

  async lookup(address: Address, chains: readonly ChainClient[]): Promise<Identity | undefined> {
    for (const chain of chains) {
      const registry = chain.config.ensRegistry
      if (!registry) continue
      const identity = await primaryName(chain, registry, address)
      if (identity) return identity
    }
    return undefined
  }
}

async function primaryName(
  { client }: ChainClient,
  registry: Address,
  address: Address,
): Promise<Identity | undefined> {
  const resolverOf = (node: `0x${string}`) =>
    client.readContract({
      address: registry,
      abi: registryAbi,
      functionName: 'resolver',
      args: [node],
    })
  const reverseNode = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`)
  const reverseResolver = await resolverOf(reverseNode)
  if (reverseResolver === zeroAddress) return undefined
  // A resolver without name() reverts: no name. A chain that does not answer is no answer at all.
  const name = await client
    .readContract({
      address: reverseResolver,
      abi: resolverAbi,
      functionName: 'name',
      args: [reverseNode],
    })
    .catch(unlessOutage(''))
  if (!name || !isNormalized(name)) return undefined

  const node = namehash(name)
  const resolver = await resolverOf(node)
  if (resolver === zeroAddress) return undefined
  const [forward, avatar] = await Promise.all([
    client
      .readContract({ address: resolver, abi: resolverAbi, functionName: 'addr', args: [node] })
      .catch(unlessOutage(zeroAddress)),
    client
      .readContract({
        address: resolver,
        abi: resolverAbi,
        functionName: 'text',
        args: [node, 'avatar'],
      })
      .catch(unlessOutage('')),
  ])
  if (forward.toLowerCase() !== address.toLowerCase()) return undefined
  return { name, avatar: /^(https?:\/\/|data:image\/)/i.test(avatar) ? avatar : null }
}

/** A record a resolver does not have (the call reverts) reads as `empty`; an outage is thrown on. */
const unlessOutage =
  <Empty>(empty: Empty) =>
  (error: unknown): Empty => {
    if (isUpstreamOutage(error)) throw error
    return empty
  }

/** ENSIP-15: a name not in its normalized form is shown nowhere (it may imitate another). */
function isNormalized(name: string): boolean {
  try {
    return normalize(name) === name
  } catch {
    return false
  }
}
