import { DEFAULT_BLOCK_INTERVAL_MS } from '@latch/devnet'
import { startStack } from './stack.ts'

/** `npm start`: devnet + server + demo on loopback, until Ctrl-C. */
const started = performance.now()
const verbose = process.env.LATCH_VERBOSE === '1'
const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined)
const portPair = (name: string) =>
  process.env[name]?.split(',').map(Number) as [number, number] | undefined
const stack = await startStack({
  ports: {
    chains: portPair('DEVNET_PORTS'),
    bundlers: portPair('DEVNET_BUNDLER_PORTS'),
    relay: port('DEVNET_RELAY_PORT'),
    oidc: port('DEVNET_OIDC_PORT'),
    smtp: port('DEVNET_SMTP_PORT'),
    inbox: port('DEVNET_INBOX_PORT'),
    solana: port('DEVNET_SOLANA_PORT'),
    bitcoin: port('DEVNET_BITCOIN_PORT'),
    polkadot: port('DEVNET_POLKADOT_PORT'),
    farcasterRelay: port('DEVNET_FARCASTER_RELAY_PORT'),
    optimism: port('DEVNET_OPTIMISM_PORT'),
    nfts: port('DEVNET_NFT_PORT'),
    server: port('SERVER_PORT'),
    frame: port('FRAME_PORT'),
    demo: port('DEMO_PORT'),
  },
  dataDir: process.env.LATCH_DATA_DIR,
  // A block every 10 s, so a payment confirms soon after it is sent, as a person would expect.
  bitcoinBlockIntervalMs: port('DEVNET_BITCOIN_BLOCK_MS') ?? DEFAULT_BLOCK_INTERVAL_MS,
  log: (line) => {
    if (verbose) return console.log(line)
    // The dev login provider's notices (a development adapter, the Node version it prefers) are
    // expected on a devnet and ask nothing of the person starting it.
    if (/oidc-provider (WARNING|NOTICE)/.test(line)) return
    if (/error|warn|\[devnet\] chain|dev mail:/i.test(line)) console.log(line)
  },
}).catch((error: unknown) => {
  console.error(`latch: could not start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
})

for (const chain of stack.devnet.manifest.chains)
  console.log(`devnet  ${chain.name} (${chain.chainId})  ${chain.rpcUrl}`)
for (const chain of stack.devnet.manifest.chains) {
  if (chain.bundlerUrl) {
    console.log(
      `bundler ${chain.name} (${chain.chainId})  ${chain.bundlerUrl}  (ERC-4337, EntryPoint v0.8)`,
    )
  }
}
const { mail, oidc, solana } = stack.devnet.manifest
if (solana) console.log(`devnet  ${solana.name}  ${solana.rpcUrl}  (ws ${solana.wsUrl})`)
const { bitcoin } = stack.devnet.manifest
if (bitcoin) console.log(`devnet  ${bitcoin.name}  ${bitcoin.esploraUrl}  (Esplora API)`)
const { polkadot } = stack.devnet.manifest
if (polkadot)
  console.log(`devnet  ${polkadot.name}  ${polkadot.wsUrl}  (${polkadot.caipNetworkId})`)
console.log(`relay   WalletConnect relay  ${stack.devnet.manifest.walletConnect.relayUrl}`)
if (mail) console.log(`mail    SMTP ${mail.smtpUrl}, inbox ${mail.inboxUrl}/messages`)
if (oidc) console.log(`oidc    dev login provider  ${oidc.issuer}`)
const { farcaster } = stack.devnet.manifest
if (farcaster) {
  console.log(`relay   Farcaster auth relay  ${farcaster.relayUrl}`)
  console.log(
    `devnet  ${farcaster.optimism.name} (${farcaster.optimism.chainId})  ${farcaster.optimism.rpcUrl}  (Farcaster ID Registry only)`,
  )
}
console.log(`server  ${stack.serverUrl}  (API docs: ${stack.serverUrl}/docs)`)
console.log(`wallet  ${stack.frameUrl}  (the embedded wallet's own origin)`)
console.log(`demo    ${stack.demoUrl}`)
console.log(
  `owner   ${stack.serverUrl}/dashboard  (${process.env.LATCH_ADMIN_TOKEN ? 'log in with LATCH_ADMIN_TOKEN' : 'set LATCH_ADMIN_TOKEN to log in'})`,
)
console.log(
  `\nLatch is ready in ${Math.round(performance.now() - started)} ms: open ${stack.demoUrl}  (Ctrl-C stops everything)`,
)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nstopping devnet, server and demo...')
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
