import type { DevnetFarcaster } from '@latch/protocol'
import { findFreePort, retryOnTakenPort, startAnvil } from '../anvil.ts'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { farcasterAccounts } from './accounts.ts'
import {
  DEFAULT_CHANNEL_TTL_MS,
  DEVNET_FARCASTER_APP_KEY,
  ID_REGISTRY_ADDRESS,
  OPTIMISM_CHAIN_ID,
  OPTIMISM_CHAIN_NAME,
} from './constants.ts'
import { loadFarcasterContracts } from './contracts.ts'
import { placeIdRegistry } from './registry.ts'
import { startFarcasterRelay } from './relay.ts'

export {
  DEFAULT_CHANNEL_TTL_MS,
  DEFAULT_FARCASTER_RELAY_PORT,
  DEFAULT_OPTIMISM_PORT,
  DEVNET_FARCASTER_APP_KEY,
  ID_REGISTRY_ADDRESS,
  OPTIMISM_CHAIN_ID,
} from './constants.ts'
export { type FarcasterRelay, type FarcasterRelayOptions, startFarcasterRelay } from './relay.ts'

export type FarcasterDevnetOptions = {
  host: string
  /** The relay's port; 0 picks a free one. */
  relayPort: number
  /** The chain's RPC port; 0 picks a free one. */
  optimismPort: number
  channelTtlMs?: number
  log?: (line: string) => void
}

export type FarcasterDevnet = {
  manifest: DevnetFarcaster
  /** The chain's anvil process. */
  pid: number
  stop(): Promise<void>
}

/**
 * Starts Sign In With Farcaster's local stand-ins: the auth relay, and an OP-stack-like anvil
 * chain (id 10) with the ID Registry at its canonical address and the devnet accounts' fids.
 */
export async function startFarcasterDevnet(
  options: FarcasterDevnetOptions,
): Promise<FarcasterDevnet> {
  const { host, log = () => {} } = options
  const channelTtlMs = options.channelTtlMs ?? DEFAULT_CHANNEL_TTL_MS
  const contracts = loadFarcasterContracts(log)
  contracts.catch(() => {})
  const relayPromise = startFarcasterRelay({
    host,
    port: options.relayPort,
    channelTtlMs,
    appKeys: [DEVNET_FARCASTER_APP_KEY],
    log,
  })
  relayPromise.catch(() => {})
  const start = (port: number) =>
    startAnvil({ port, chainId: OPTIMISM_CHAIN_ID, host, mnemonic: DEVNET_MNEMONIC, log })
  const nodePromise = options.optimismPort
    ? start(options.optimismPort)
    : retryOnTakenPort(start, await findFreePort(host), () => findFreePort(host))
  nodePromise.catch(() => {})
  const [relay, node] = await Promise.allSettled([relayPromise, nodePromise])
  const stop = async () => {
    await Promise.all([
      relay.status === 'fulfilled' ? relay.value.stop() : undefined,
      node.status === 'fulfilled' ? node.value.stop() : undefined,
    ])
  }
  try {
    if (relay.status === 'rejected') throw relay.reason
    if (node.status === 'rejected') throw node.reason
    const accounts = farcasterAccounts()
    await placeIdRegistry(node.value.rpcUrl, await contracts, accounts)
    log(`Farcaster auth relay listening on ${relay.value.url}`)
    return {
      manifest: {
        relayUrl: relay.value.url,
        appKey: DEVNET_FARCASTER_APP_KEY,
        channelTtlMs,
        optimism: {
          chainId: OPTIMISM_CHAIN_ID,
          name: OPTIMISM_CHAIN_NAME,
          rpcUrl: node.value.rpcUrl,
          idRegistry: ID_REGISTRY_ADDRESS,
        },
        accounts,
      },
      pid: node.value.pid,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
