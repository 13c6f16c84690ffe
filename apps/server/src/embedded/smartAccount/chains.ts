import type { Address, Transport } from 'viem'
import { bundlerTransport } from '../../bundler/bundlerTransport.ts'
import { bundlerGateway } from '../../bundler/gateway.ts'
import type { ChainConfig } from '../../chains/chainConfig.ts'
import type { ChainClient } from '../../chains/clients.ts'
import type { UpstreamCircuits } from '../../chains/upstreamCircuits.ts'
import { latchAccountAddress } from '../../smartAccounts/latchAccount.ts'

/** What a chain needs for its users' smart accounts: the account factory and the bundler. */
export type SmartAccountChain = {
  chainId: number
  /** LatchAccountFactory on the chain. */
  factory: Address
  /** The chain's bundler, through the same gateway as POST /v1/bundler. */
  bundler: Transport
}

/**
 * The chains where an embedded user gets a smart account: those configured with both a bundler
 * and the account factory. Elsewhere the user has only their EOA.
 */
export function createSmartAccountChains(
  chains: readonly ChainConfig[],
  options: { timeoutMs: number; circuits: UpstreamCircuits },
): Map<number, SmartAccountChain> {
  const found = new Map<number, SmartAccountChain>()
  for (const chain of chains) {
    if (!chain.bundlerUrl || !chain.accountFactory) continue
    found.set(chain.chainId, {
      chainId: chain.chainId,
      factory: chain.accountFactory,
      bundler: bundlerTransport(bundlerGateway(chain, options), chain.chainId),
    })
  }
  return found
}

/** The address of the smart account `owner` owns on a chain: known before it is deployed. */
export function smartAccountAddress(smart: SmartAccountChain, owner: Address): Address {
  return latchAccountAddress({ factory: smart.factory, owner })
}

/**
 * The user's smart account on `chain` and whether it has code there, read from the chain (its
 * first user operation deploys it). A chain that does not answer leaves it reported undeployed:
 * being signed in does not wait on the chain, and the next read tells the truth.
 */
export async function smartAccountOf(
  smart: SmartAccountChain,
  chain: ChainClient,
  owner: Address,
  log?: { warn(object: object, message: string): void },
): Promise<{ address: Address; deployed: boolean }> {
  const address = smartAccountAddress(smart, owner)
  try {
    const code = await chain.client.getCode({ address })
    return { address, deployed: code !== undefined && code !== '0x' }
  } catch (error) {
    log?.warn(
      { chainId: smart.chainId, err: error instanceof Error ? error.message : String(error) },
      'could not read whether a smart account is deployed',
    )
    return { address, deployed: false }
  }
}
