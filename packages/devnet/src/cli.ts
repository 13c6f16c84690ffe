import {
  DEFAULT_BITCOIN_PORT,
  DEFAULT_BLOCK_INTERVAL_MS,
  DEFAULT_BUNDLER_PORTS,
  DEFAULT_FARCASTER_RELAY_PORT,
  DEFAULT_INBOX_PORT,
  DEFAULT_NFT_PORT,
  DEFAULT_OIDC_PORT,
  DEFAULT_OPTIMISM_PORT,
  DEFAULT_POLKADOT_PORT,
  DEFAULT_RELAY_PORT,
  DEFAULT_SMTP_PORT,
  DEFAULT_SOLANA_PORT,
  type Devnet,
  startDevnet,
} from './index.ts'
import { defaultManifestPath } from './manifest.ts'

/**
 * `npm run devnet`: DEVNET_PORTS="8545,8546", DEVNET_BUNDLER_PORTS="4337,4338",
 * DEVNET_RELAY_PORT=8547, DEVNET_OIDC_PORT=8548, DEVNET_SMTP_PORT=2525, DEVNET_INBOX_PORT=8549,
 * DEVNET_SOLANA_PORT=8550, DEVNET_BITCOIN_PORT=8555, DEVNET_BITCOIN_BLOCK_MS=10000 (0: mine only on
 * demand), DEVNET_POLKADOT_PORT=9944, DEVNET_FARCASTER_RELAY_PORT=8556, DEVNET_OPTIMISM_PORT=8557 and
 * DEVNET_MANIFEST override the defaults.
 */
function parsePorts(name: string, example: [number, number]): [number, number] | undefined {
  const value = process.env[name]
  if (!value) return undefined
  const ports = value.split(',').map((part) => Number(part.trim()))
  const [first, second] = ports
  const valid = (port: number | undefined): port is number =>
    port !== undefined && Number.isInteger(port) && port >= 0 && port < 65536
  if (ports.length !== 2 || !valid(first) || !valid(second)) {
    throw new Error(`${name} must be two ports like "${example.join(',')}", got "${value}"`)
  }
  return [first, second]
}

/** One port from the environment variable `name`; unset keeps startDevnet's default. */
function parsePort(name: string, example: number): number | undefined {
  const value = process.env[name]
  if (!value) return undefined
  const port = Number(value.trim())
  if (!Number.isInteger(port) || port < 0 || port >= 65536) {
    throw new Error(`${name} must be a port like "${example}", got "${value}"`)
  }
  return port
}

/** DEVNET_BITCOIN_BLOCK_MS: how often the Bitcoin chain mines by itself; default every 10 s. */
function parseBlockInterval(value: string | undefined): number {
  if (!value) return DEFAULT_BLOCK_INTERVAL_MS
  const ms = Number(value.trim())
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(
      `DEVNET_BITCOIN_BLOCK_MS must be a whole number of ms like "10000", got "${value}"`,
    )
  return ms
}

let devnet: Devnet | undefined
let stopping = false

function shutdown(signal: NodeJS.Signals): void {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping devnet`)
  // Still starting: exiting runs the 'exit' hook that kills every anvil already spawned.
  if (!devnet) process.exit(1)
  devnet.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}

process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

async function main(): Promise<void> {
  const manifestPath = process.env.DEVNET_MANIFEST || defaultManifestPath
  devnet = await startDevnet({
    ports: parsePorts('DEVNET_PORTS', [8545, 8546]) ?? [8545, 8546],
    bundlerPorts: parsePorts('DEVNET_BUNDLER_PORTS', DEFAULT_BUNDLER_PORTS),
    relayPort: parsePort('DEVNET_RELAY_PORT', DEFAULT_RELAY_PORT) ?? DEFAULT_RELAY_PORT,
    oidcPort: parsePort('DEVNET_OIDC_PORT', DEFAULT_OIDC_PORT),
    mail: {
      smtpPort: parsePort('DEVNET_SMTP_PORT', DEFAULT_SMTP_PORT),
      inboxPort: parsePort('DEVNET_INBOX_PORT', DEFAULT_INBOX_PORT),
    },
    solanaPort: parsePort('DEVNET_SOLANA_PORT', DEFAULT_SOLANA_PORT),
    bitcoinPort: parsePort('DEVNET_BITCOIN_PORT', DEFAULT_BITCOIN_PORT),
    bitcoinBlockIntervalMs: parseBlockInterval(process.env.DEVNET_BITCOIN_BLOCK_MS),
    polkadotPort: parsePort('DEVNET_POLKADOT_PORT', DEFAULT_POLKADOT_PORT),
    nftPort: parsePort('DEVNET_NFT_PORT', DEFAULT_NFT_PORT),
    polkadotVerbose: process.env.LATCH_VERBOSE === '1',
    farcaster: {
      relayPort: parsePort('DEVNET_FARCASTER_RELAY_PORT', DEFAULT_FARCASTER_RELAY_PORT),
      optimismPort: parsePort('DEVNET_OPTIMISM_PORT', DEFAULT_OPTIMISM_PORT),
    },
    manifestPath,
    log: (line) => console.error(line),
  })
  for (const chain of devnet.manifest.chains) {
    console.log(`${chain.name} (chain ${chain.chainId}): ${chain.rpcUrl}`)
    if (chain.bundlerUrl) console.log(`  ERC-4337 bundler (EntryPoint v0.8): ${chain.bundlerUrl}`)
  }
  const { solana } = devnet.manifest
  if (solana)
    console.log(`${solana.name} (${solana.caipNetworkId}): ${solana.rpcUrl} (ws ${solana.wsUrl})`)
  const { bitcoin } = devnet.manifest
  if (bitcoin)
    console.log(`${bitcoin.name} (${bitcoin.caipNetworkId}): ${bitcoin.esploraUrl} (Esplora API)`)
  const { polkadot } = devnet.manifest
  if (polkadot)
    console.log(
      `${polkadot.name} (${polkadot.caipNetworkId}): ${polkadot.wsUrl} (Substrate JSON-RPC)`,
    )
  const { relayUrl, projectId } = devnet.manifest.walletConnect
  console.log(`WalletConnect relay: ${relayUrl} (projectId ${projectId})`)
  const { oidc, mail } = devnet.manifest
  if (oidc) {
    console.log(`OIDC provider: ${oidc.issuer} (client ${oidc.clientId}; any login and password)`)
  }
  if (mail) console.log(`mail catcher: ${mail.smtpUrl}, inbox ${mail.inboxUrl}/messages`)
  const { farcaster } = devnet.manifest
  if (farcaster) {
    console.log(`Farcaster auth relay: ${farcaster.relayUrl}`)
    console.log(
      `${farcaster.optimism.name} (chain ${farcaster.optimism.chainId}, ID Registry only): ${farcaster.optimism.rpcUrl}`,
    )
  }
  console.log(`manifest: ${manifestPath}`)
  // performance.now() counts from process start, so this includes loading the modules.
  console.log(`devnet ready in ${Math.round(performance.now())} ms`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
