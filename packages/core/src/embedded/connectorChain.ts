import type { Chain, Transport } from 'viem'
import { LatchError } from '../errors.ts'
import type { RequestArguments } from './provider.ts'

type Gateway = { request(args: RequestArguments): Promise<unknown> }

/**
 * The chain the embedded wallet connects on: the one asked for when it is the site's, else the
 * one the session is on when it is the site's, else the site's first. The wallet's key is the
 * same on every chain, so it always stays on the site's chains.
 * @example connectChain(undefined, 1, (id) => id === 31337, 31337) // 31337
 */
export function connectChain(
  wanted: number | undefined,
  current: number,
  isSiteChain: (id: number) => boolean,
  first: number,
): number {
  if (wanted !== undefined && isSiteChain(wanted)) return wanted
  return isSiteChain(current) ? current : first
}

/**
 * Each site chain's gateway, for the read calls that never go through the frame: built once per
 * chain from the transport wagmi was configured with, without retries.
 * @throws LatchError 'Chain is not supported' for a chain the site has no transport for.
 */
export function createGateways(
  chains: readonly Chain[],
  transports: Record<number, Transport> | undefined,
): (chainId: number) => Gateway {
  const gateways = new Map<number, Gateway>()
  return (id) => {
    let gateway = gateways.get(id)
    if (!gateway) {
      const chain = chains.find((candidate) => candidate.id === id)
      const transport = transports?.[id]
      if (!chain || !transport) throw new LatchError('Chain is not supported')
      gateway = transport({ chain, retryCount: 0 })
      gateways.set(id, gateway)
    }
    return gateway
  }
}
