import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startPolkadotDevnet } from '@latch/devnet'
import type { SignerPayloadJson } from '@latch/protocol'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import autocannon from 'autocannon'
import { build } from 'vite'
import { spawnServer } from './server.ts'

/**
 * `npm run bench:polkadot -w @latch/bench`: on the devnet's Polkadot chain (chopsticks), served by
 * the server in its own process: balance latency read from the chain and cached, a transfer from
 * build to inclusion (built by the server, signed as an extension signs, submitted, polled), and
 * the bytes a page would carry with @polkadot/api against the Polkadot code the page carries.
 */
const ROUNDS = 20
const TRANSFERS = 10
const SECONDS = 5

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (n=${times.length})`
}

export async function benchPolkadot(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-polkadot-'))
  const devnet = await startPolkadotDevnet({ host: '127.0.0.1', port: 0 })
  const server = await spawnServer({
    DATA_DIR: scratch,
    INDEXER_ENABLED: 'false',
    LATCH_CHAINS: JSON.stringify([
      {
        family: 'polkadot',
        caipNetworkId: devnet.caipNetworkId,
        name: devnet.name,
        wsUrls: [devnet.wsUrl],
        ss58Prefix: devnet.ss58Prefix,
        historyFromBlock: 0,
      },
    ]),
  })
  await cryptoWaitReady()
  const api = await ApiPromise.create({ provider: new WsProvider(devnet.wsUrl), noInitWarn: true })
  try {
    const query = `projectId=latch-dev&chainId=${devnet.caipNetworkId}`
    const [alice, bob] = devnet.accounts
    if (!alice || !bob) throw new Error('the devnet has no accounts')
    const timed = async (url: string, init?: RequestInit) => {
      const started = performance.now()
      const response = await fetch(url, init)
      const body = await response.json()
      if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`)
      return { ms: performance.now() - started, body }
    }
    const balance = (force: boolean) =>
      `${server.url}/v1/account/${alice.address}/balance?${query}${force ? '&forceUpdate=true' : ''}`
    const first = await timed(balance(true))
    console.log(
      `polkadot balance, first request (connects, reads the metadata): ${first.ms.toFixed(1)} ms`,
    )
    const cold: number[] = []
    for (let round = 0; round < ROUNDS; round++) cold.push((await timed(balance(true))).ms)
    console.log(`polkadot balance read from the chain (forceUpdate): ${summary(cold)}`)
    const cached = await autocannon({ url: balance(false), connections: 10, duration: SECONDS })
    console.log(
      `polkadot balance cached, 10 connections, ${SECONDS} s: p50 ${cached.latency.p50} ms, p99 ${cached.latency.p99} ms, ${Math.round(cached.requests.average)} requests/s`,
    )

    const pair = new Keyring({ type: 'sr25519', ss58Format: devnet.ss58Prefix }).addFromUri(
      alice.suri,
    )
    const post = (route: string, body: unknown) =>
      timed(`${server.url}${route}?projectId=latch-dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const builds: number[] = []
    const submits: number[] = []
    const inclusions: number[] = []
    for (let index = 0; index < TRANSFERS; index++) {
      const started = performance.now()
      const built = await post('/v1/polkadot/transfer', {
        chainId: devnet.caipNetworkId,
        from: alice.address,
        to: bob.address,
        amount: '1000000000000',
      })
      builds.push(built.ms)
      const payload = built.body.payload as SignerPayloadJson
      const { signature } = api.registry
        .createType('ExtrinsicPayload', payload, { version: payload.version })
        .sign(pair)
      const submitted = await post('/v1/polkadot/submit', {
        chainId: devnet.caipNetworkId,
        payload,
        signature,
      })
      submits.push(submitted.ms)
      for (;;) {
        const status = await timed(
          `${server.url}/v1/polkadot/status/${submitted.body.hash}?${query}`,
        )
        if (status.body.status === 'included') break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      inclusions.push(performance.now() - started)
    }
    console.log(`polkadot transfer build (payload and fee): ${summary(builds)}`)
    console.log(`polkadot transfer submit: ${summary(submits)}`)
    console.log(`polkadot transfer, build to included (status polled): ${summary(inclusions)}`)
  } finally {
    await api.disconnect()
    server.stop()
    await devnet.stop()
  }

  // What a page would load to talk to the chain itself, against what it loads with the server
  // building and submitting: each bundled for the browser by Vite, minified, gzip summed.
  const entries = {
    'polkadot-api-client': `import { ApiPromise, WsProvider } from '@polkadot/api'
export const connect = (url) => ApiPromise.create({ provider: new WsProvider(url) })`,
    'page-polkadot-code': `export { encodeSs58, decodeSs58, checkSs58 } from '@latch/protocol/polkadot'
export { formatSiwpMessage } from '@latch/protocol/siwx-polkadot'`,
  }
  try {
    for (const [name, source] of Object.entries(entries)) {
      const dir = path.join(scratch, name)
      const entry = path.join(import.meta.dirname, `.bench-${name}.js`)
      writeFileSync(entry, source)
      try {
        await build({
          root: import.meta.dirname,
          logLevel: 'silent',
          configFile: false,
          build: {
            outDir: dir,
            emptyOutDir: true,
            minify: true,
            lib: { entry, formats: ['es'], fileName: name },
            rollupOptions: { external: [] },
          },
        })
      } finally {
        rmSync(entry, { force: true })
      }
      let raw = 0
      let gzip = 0
      for (const file of readdirSync(dir, { recursive: true }) as string[]) {
        if (!file.endsWith('.js')) continue
        const bytes = readFileSync(path.join(dir, file))
        raw += bytes.length
        gzip += gzipSync(bytes).length
      }
      console.log(
        `${name}: ${(raw / 1024).toFixed(1)} KiB minified, ${(gzip / 1024).toFixed(1)} KiB gzip`,
      )
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPolkadot()
