/**
 * `npm run wc-wallet -w @latch/test-wallet -- 'wc:…' [--reject] [--account N] [--solana-account N]
 * [--polkadot-account N] [--solana-only] [--polkadot-only] [--manifest path]`: a devnet wallet on
 * the WalletConnect relay of the running devnet, with an EVM account and (when the devnet runs
 * them) a Solana and a Polkadot account. Pairs from the URI, approves (or rejects) the proposal
 * (`--solana-only` / `--polkadot-only`: that side alone, as a wallet of one chain does), prints
 * every request it answers, and runs until Ctrl-C.
 */
import { parseArgs } from 'node:util'
import { defaultManifestPath, readManifest } from '@latch/devnet'
import { createWcTestWallet, type WcRequestRecord } from './wcTestWallet.ts'

const usage =
  "usage: npm run wc-wallet -w @latch/test-wallet -- 'wc:…' [--reject] [--account N] [--solana-account N] [--polkadot-account N] [--solana-only] [--polkadot-only] [--manifest path]"

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function describeRecord(record: WcRequestRecord): string {
  const answer = record.error
    ? `error ${record.error.code}: ${record.error.message}`
    : JSON.stringify(record.result)
  return `${record.method} on ${record.chainId} ${JSON.stringify(record.params)} -> ${answer}`
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reject: { type: 'boolean', default: false },
    account: { type: 'string', default: '0' },
    'solana-account': { type: 'string', default: '0' },
    'solana-only': { type: 'boolean', default: false },
    'polkadot-account': { type: 'string', default: '0' },
    'polkadot-only': { type: 'boolean', default: false },
    manifest: { type: 'string', default: defaultManifestPath },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
const [uri] = positionals
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (!uri?.startsWith('wc:')) fail(usage)

const manifest = await readManifest(values.manifest).catch((error: Error) => fail(error.message))
const index = Number(values.account)
const active = manifest.accounts[index]
if (!Number.isInteger(index) || !active) {
  fail(`--account must be 0..${manifest.accounts.length - 1}, got ${values.account}`)
}
// The chosen account first (the active one), the other devnet accounts after it.
const privateKeys = [active, ...manifest.accounts.filter((account) => account !== active)].map(
  (account) => account.privateKey as `0x${string}`,
)

// The Solana account answers sessions that ask for the devnet's Solana chain.
let solana: { secretKey: string; rpcUrl: string; chains: string[] } | undefined
if (manifest.solana) {
  const solanaIndex = Number(values['solana-account'])
  const solanaAccount = manifest.solana.accounts[solanaIndex]
  if (!Number.isInteger(solanaIndex) || !solanaAccount) {
    fail(
      `--solana-account must be 0..${manifest.solana.accounts.length - 1}, got ${values['solana-account']}`,
    )
  }
  solana = {
    secretKey: solanaAccount.secretKey,
    rpcUrl: manifest.solana.rpcUrl,
    chains: [manifest.solana.caipNetworkId],
  }
}

// The Polkadot account answers sessions that ask for the devnet's Polkadot chain.
let polkadot: { suri: string; type: 'sr25519' | 'ed25519' | 'ecdsa'; chains: string[] } | undefined
if (manifest.polkadot) {
  const polkadotIndex = Number(values['polkadot-account'])
  const polkadotAccount = manifest.polkadot.accounts[polkadotIndex]
  if (!Number.isInteger(polkadotIndex) || !polkadotAccount) {
    fail(
      `--polkadot-account must be 0..${manifest.polkadot.accounts.length - 1}, got ${values['polkadot-account']}`,
    )
  }
  polkadot = {
    suri: polkadotAccount.suri,
    type: polkadotAccount.type,
    chains: [manifest.polkadot.caipNetworkId],
  }
}

const wallet = await createWcTestWallet({
  ...manifest.walletConnect,
  privateKeys,
  solana,
  polkadot,
  chains: manifest.chains.map((chain) => ({ id: chain.chainId, rpcUrl: chain.rpcUrl })),
  // A person reads the proposal before the dapp gives up on it.
  timeoutMs: 60_000,
  onRequest: (record) => console.log(describeRecord(record)),
})

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await wallet.disconnect().catch(() => {})
  await wallet.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

try {
  const proposal = await wallet.pair(uri)
  const chains = [...proposal.requiredChains, ...proposal.optionalChains].join(', ')
  console.log(`proposal from ${proposal.proposer.name} (${proposal.proposer.url}) for ${chains}`)
  if (values.reject) {
    await wallet.reject()
    console.log('rejected')
    await wallet.close()
    process.exit(0)
  }
  const only = values['solana-only'] ? 'solana' : values['polkadot-only'] ? 'polkadot' : undefined
  const topic = await wallet.approve(only ? { namespaces: [only] } : {})
  if (only) console.log(`session ${topic}: ${only === 'solana' ? 'Solana' : 'Polkadot'} only`)
  else console.log(`session ${topic}: ${wallet.address} on chain ${wallet.chainId}`)
  if (wallet.solanaAddress) console.log(`Solana account ${wallet.solanaAddress}`)
  if (wallet.polkadotAddress) console.log(`Polkadot account ${wallet.polkadotAddress}`)
  console.log('answering requests; Ctrl-C disconnects and exits')
} catch (error) {
  await wallet.close()
  fail(error instanceof Error ? error.message : String(error))
}
