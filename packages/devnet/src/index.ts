import type { DevnetChain, DevnetManifest } from '@latch/protocol'
import { type AnvilInstance, findFreePort, startAnvil } from './anvil.ts'
import { CHAINS, DEVNET_MNEMONIC, NATIVE_CURRENCY } from './constants.ts'
import { loadDeployment } from './deployment.ts'
import { executeDeployment } from './execute.ts'
import { defaultManifestPath, writeManifest } from './manifest.ts'
import { DEFAULT_RELAY_PORT, DEV_PROJECT_ID } from './relay/constants.ts'
import { type Relay, startRelay } from './relay/relay.ts'

export type { DevnetChain, DevnetManifest, DevnetToken } from '@latch/protocol'
export { findFreePort, resolveAnvilBinary } from './anvil.ts'
export {
  CREATE2_DEPLOYER,
  DEPLOYER_ADDRESS,
  DEPLOYER_PRIVATE_KEY,
  DEVNET_MNEMONIC,
  ENTRY_POINT_ADDRESS,
  MULTICALL3_ADDRESS,
} from './constants.ts'
export { defaultManifestPath, readManifest } from './manifest.ts'
export { type FakePriceApi, type FakePrices, startFakePriceApi } from './priceApi.ts'
export {
  DEFAULT_RELAY_PORT,
  DEV_PROJECT_ID,
  didKeyFromPublicKey,
  type Relay,
  RelayAuthError,
  type RelayOptions,
  startRelay,
  verifyRelayAuth,
} from './relay/index.ts'

export type DevnetOptions = {
  /** RPC ports of chains 31337 and 31338; 0 picks a free port. Default [8545, 8546]. */
  ports?: [number, number]
  /** Port of the local WalletConnect relay; 0 picks a free port. Default 8547. */
  relayPort?: number
  /** Interface anvil listens on; default 127.0.0.1. */
  host?: string
  /** Where to write the manifest; default `<repo root>/.data/devnet.json`. */
  manifestPath?: string
  /** Progress lines; silent by default. */
  log?: (line: string) => void
}

export type Devnet = {
  manifest: DevnetManifest
  /** Process ids of the two anvil nodes, in chain order. */
  pids: number[]
  /** Stops both anvil nodes and the relay, and waits until they have exited; safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts two anvil chains (31337 and 31338) and a WalletConnect relay, deploys the same contracts
 * at the same addresses on both chains, funds the ten dev accounts with every token and writes the
 * manifest.
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const {
    ports = [8545, 8546],
    relayPort = DEFAULT_RELAY_PORT,
    host = '127.0.0.1',
    manifestPath = defaultManifestPath,
  } = options
  const log = options.log ?? (() => {})
  if (!manifestPath) throw new Error('manifestPath is empty')
  const started = performance.now()

  // Read (or build) the plan while the nodes boot.
  const deploymentPromise = loadDeployment(log)
  deploymentPromise.catch(() => {})

  const nodes: AnvilInstance[] = []
  let relay: Relay | undefined
  const stop = async () => {
    await Promise.all([...nodes.map((node) => node.stop()), relay?.stop()])
  }

  try {
    const chosen = await Promise.all(ports.map((port) => port || findFreePort(host)))
    // The relay listens in this process, so port 0 lets the OS pick with no race.
    const relayPromise = startRelay({ host, port: relayPort, log })
    relayPromise.catch(() => {})
    const booted = await Promise.allSettled(
      CHAINS.map((chain, index) =>
        startAnvil({
          port: chosen[index] ?? 0,
          chainId: chain.chainId,
          host,
          mnemonic: DEVNET_MNEMONIC,
          log,
        }),
      ),
    )
    for (const result of booted) if (result.status === 'fulfilled') nodes.push(result.value)
    const [relayResult] = await Promise.allSettled([relayPromise])
    if (relayResult.status === 'fulfilled') relay = relayResult.value
    for (const result of booted) if (result.status === 'rejected') throw result.reason
    if (relayResult.status === 'rejected') throw relayResult.reason
    log(`WalletConnect relay listening on ${relayResult.value.url}`)
    const deployment = await deploymentPromise

    const chains: DevnetChain[] = await Promise.all(
      CHAINS.map(async (chain, index) => {
        const node = nodes[index]
        if (!node) throw new Error(`chain ${chain.chainId} has no node`)
        const chainStarted = performance.now()
        await executeDeployment(node.rpcUrl, chain.chainId, deployment)
        const ms = Math.round(performance.now() - chainStarted)
        log(`chain ${chain.chainId}: ${deployment.txs.length} transactions deployed in ${ms} ms`)
        return {
          chainId: chain.chainId,
          name: chain.name,
          rpcUrl: node.rpcUrl,
          nativeCurrency: NATIVE_CURRENCY,
          contracts: deployment.contracts,
          tokens: deployment.tokens,
          pairs: deployment.pairs,
        }
      }),
    )

    const manifest = await writeManifest(manifestPath, {
      version: 1,
      mnemonic: DEVNET_MNEMONIC,
      accounts: deployment.accounts,
      chains,
      walletConnect: { relayUrl: relayResult.value.url, projectId: DEV_PROJECT_ID },
    })
    log(`devnet up in ${Math.round(performance.now() - started)} ms; manifest at ${manifestPath}`)
    return { manifest, pids: nodes.map((node) => node.pid), stop }
  } catch (error) {
    await stop()
    throw error
  }
}
