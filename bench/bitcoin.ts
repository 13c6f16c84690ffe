import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEVNET_MNEMONIC, startBitcoinDevnet } from '@latch/devnet'
import { BITCOIN_REGTEST } from '@latch/protocol'
import autocannon from 'autocannon'
import { bitcoinKey, startCountingEsplora } from '../apps/server/test/bitcoinTx.ts'
import { spawnServer } from './server.ts'

/**
 * `npm run bench:bitcoin -w @latch/bench`: a Bitcoin account's balance and history on the
 * devnet's Bitcoin chain (Esplora API behind a counting proxy), served by the server in its own
 * process: p50/p99 latency cached and uncached, and the upstream calls each request makes.
 */
const CONNECTIONS = 50
const SECONDS = 5
/** Addresses whose first history request is timed (each one's first sync), and their payments. */
const FRESH_ADDRESSES = 20
const PAYMENTS_EACH = 30

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function load(url: string, connections: number) {
  const result = await autocannon({ url, connections, duration: SECONDS })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result
}

export async function benchBitcoin(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-bitcoin-'))
  const devnet = await startBitcoinDevnet({ port: 0, mnemonic: DEVNET_MNEMONIC })
  const proxy = await startCountingEsplora(devnet.esploraUrl)
  const server = await spawnServer({
    DATA_DIR: scratch,
    INDEXER_ENABLED: 'false',
    LATCH_CHAINS: JSON.stringify([
      {
        family: 'bip122',
        caipNetworkId: BITCOIN_REGTEST,
        name: 'Latch Bitcoin Devnet',
        esploraUrls: [proxy.url],
        network: 'regtest',
      },
    ]),
  })
  const post = async (url: string, body: string) => {
    const response = await fetch(url, { method: 'POST', body })
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`)
  }
  const timed = async (url: string) => {
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    return performance.now() - started
  }
  const line = (name: string, times: number[], calls: number) => {
    times.sort((a, b) => a - b)
    console.log(
      `${name}, ${times.length} sequential requests: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ${(calls / times.length).toFixed(2)} upstream calls per request`,
    )
  }
  try {
    const query = `projectId=latch-dev&chainId=${BITCOIN_REGTEST}`
    const holder = devnet.accounts[1]?.payment.address
    const balance = `${server.url}/v1/account/${holder}/balance?${query}&currency=usd`

    // Balance: one GET /address/:address per uncached request, none from the 30 s cache.
    await timed(balance)
    for (const [name, url] of [
      ['bitcoin balance, uncached (forceUpdate=true)', `${balance}&forceUpdate=true`],
      ['bitcoin balance, cached (30 s cache)', balance],
    ] as const) {
      const before = proxy.requests.length
      const times: number[] = []
      for (let index = 0; index < 200; index++) times.push(await timed(url))
      line(name, times, proxy.requests.length - before)
    }
    for (const [name, url] of [
      ['cached (30 s cache)', balance],
      ['uncached (forceUpdate=true)', `${balance}&forceUpdate=true`],
    ] as const)
      for (const connections of [1, CONNECTIONS]) {
        const result = await load(url, connections)
        console.log(
          `bitcoin balance, ${name}, ${connections} connection(s), ${SECONDS} s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} requests/s`,
        )
      }

    // History: fresh addresses with 30 confirmed payments each. The first request of each
    // syncs it (two Esplora pages); later first pages cost one call (nothing new); a next page
    // reads the database alone.
    const addresses = Array.from({ length: FRESH_ADDRESSES }, () => bitcoinKey('p2wpkh').address)
    for (const address of addresses)
      for (let index = 0; index < PAYMENTS_EACH; index++)
        await post(
          `${devnet.esploraUrl}/latch/faucet`,
          JSON.stringify({ address, sats: 10_000 + index }),
        )
    await post(`${devnet.esploraUrl}/latch/mine?blocks=1`, '')
    const history = (address: string) => `${server.url}/v1/account/${address}/history?${query}`
    let before = proxy.requests.length
    const first: number[] = []
    for (const address of addresses) first.push(await timed(history(address)))
    line(
      `bitcoin history, first request of an address (${PAYMENTS_EACH} transactions to sync)`,
      first,
      proxy.requests.length - before,
    )
    before = proxy.requests.length
    const again: number[] = []
    for (let round = 0; round < 10; round++)
      for (const address of addresses) again.push(await timed(history(address)))
    line(
      'bitcoin history, first page again (synced, nothing new)',
      again,
      proxy.requests.length - before,
    )
    for (const connections of [1, CONNECTIONS]) {
      const callsBefore = proxy.requests.length
      const result = await load(history(addresses[0] as string), connections)
      console.log(
        `bitcoin history, first page (synced), ${connections} connection(s), ${SECONDS} s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} requests/s, ${((proxy.requests.length - callsBefore) / result.requests.total).toFixed(2)} upstream calls per request`,
      )
    }
  } finally {
    server.stop()
    await proxy.close()
    await devnet.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBitcoin()
