import type { DevnetChain, DevnetManifest } from '@latch/protocol'
import { type AnvilInstance, findFreePort, startAnvil } from './anvil.ts'
import { CHAINS, DEVNET_MNEMONIC, NATIVE_CURRENCY } from './constants.ts'
import { loadDeployment } from './deployment.ts'
import { executeDeployment } from './execute.ts'
import { defaultManifestPath, writeManifest } from './manifest.ts'

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

export type DevnetOptions = {
  /** RPC ports of chains 31337 and 31338; 0 picks a free port. Default [8545, 8546]. */
  ports?: [number, number]
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
  /** Stops both anvil nodes and waits until they have exited; safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts two anvil chains (31337 and 31338), deploys the same contracts at the same addresses on
 * both, funds the ten dev accounts with every token and writes the manifest.
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const { ports = [8545, 8546], host = '127.0.0.1', manifestPath = defaultManifestPath } = options
  const log = options.log ?? (() => {})
  if (!manifestPath) throw new Error('manifestPath is empty')
  const started = performance.now()

  // Read (or build) the plan while the nodes boot.
  const deploymentPromise = loadDeployment(log)
  deploymentPromise.catch(() => {})

  const nodes: AnvilInstance[] = []
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()))
  }

  try {
    const chosen = await Promise.all(ports.map((port) => port || findFreePort(host)))
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
    for (const result of booted) if (result.status === 'rejected') throw result.reason
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
    })
    log(`devnet up in ${Math.round(performance.now() - started)} ms; manifest at ${manifestPath}`)
    return { manifest, pids: nodes.map((node) => node.pid), stop }
  } catch (error) {
    await stop()
    throw error
  }
}
