import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import autocannon from 'autocannon'
import { chainsOfDevnet, solanaChainsOfDevnet } from '../apps/server/src/config.ts'
import { startCountingUpstream } from '../apps/server/test/accountFixtures.ts'
import { spawnServer } from './server.ts'

/**
 * `npm run bench:account -w @latch/bench`: GET /v1/account/{address}/balance at 1 and 50
 * concurrent connections (autocannon, loopback), served from the 30 s cache and uncached
 * (forceUpdate), the JSON-RPC calls an uncached request makes to the chain, and swap quote latency;
 * the same for a Solana account's balances (SOL and SPL tokens) on the devnet's Solana chain.
 */
const CONNECTIONS = 50
const SECONDS = 5

async function load(url: string, connections = CONNECTIONS) {
  const result = await autocannon({ url, connections, duration: SECONDS })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result
}

export async function benchAccount(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-account-'))
  const devnet = await startDevnet({
    ports: [0, 0],
    relayPort: 0,
    manifestPath: path.join(scratch, 'devnet.json'),
  })
  const [chain] = chainsOfDevnet(devnet.manifest)
  const rpcUrl = chain?.rpcUrls[0]
  if (!chain || !rpcUrl) throw new Error('the devnet has no chain')
  const [solana] = solanaChainsOfDevnet(devnet.manifest)
  const solanaRpcUrl = solana?.rpcUrls[0]
  if (!solana || !solanaRpcUrl) throw new Error('the devnet has no Solana chain')
  const proxy = await startCountingUpstream(rpcUrl)
  const solanaProxy = await startCountingUpstream(solanaRpcUrl)
  const calls = () => proxy.requests.reduce((sum, methods) => sum + methods.length, 0)
  const server = await spawnServer({
    DATA_DIR: scratch,
    INDEXER_ENABLED: 'false',
    LATCH_CHAINS: JSON.stringify([
      { ...chain, rpcUrls: [proxy.url] },
      { ...solana, rpcUrls: [solanaProxy.url] },
    ]),
  })
  try {
    const holder = devnet.manifest.accounts[1]?.address
    const base = `${server.url}/v1/account/${holder}/balance?projectId=latch-dev&currency=usd&chainId=eip155:${chain.chainId}`
    // Warm the price source (pair addresses, first reserves) before counting.
    await fetch(`${base}&forceUpdate=true`)
    const before = calls()
    const requests = 20
    for (let index = 0; index < requests; index++) await fetch(`${base}&forceUpdate=true`)
    const perRequest = (calls() - before) / requests
    console.log(
      `balance, uncached: ${perRequest.toFixed(2)} JSON-RPC calls per request (target 1; prices are cached for 30 s apart from balances)`,
    )

    for (const [name, url, connections] of [
      ['cached (30 s cache)', base, 1],
      ['cached (30 s cache)', base, CONNECTIONS],
      ['uncached (forceUpdate=true)', `${base}&forceUpdate=true`, 1],
      ['uncached (forceUpdate=true)', `${base}&forceUpdate=true`, CONNECTIONS],
    ] as const) {
      const result = await load(url, connections)
      console.log(
        `balance, ${name}, ${connections} connection(s), ${SECONDS} s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} requests/s`,
      )
    }

    // Swap quotes: ETH -> USDC over the devnet's pools, one multicall each.
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
    if (!usdc) throw new Error('the devnet has no USDC')
    const network = `eip155:${chain.chainId}`
    const quote = `${server.url}/v1/convert/quotes?projectId=latch-dev&from=${network}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee&to=${network}:${usdc.address}&amount=1000000000000000000&userAddress=${network}:${holder}`
    const first = await fetch(quote)
    if (!first.ok) throw new Error(`quote answered ${first.status}: ${await first.text()}`)
    for (const connections of [1, CONNECTIONS]) {
      const result = await load(quote, connections)
      console.log(
        `quote ETH->USDC, ${connections} connection(s), ${SECONDS} s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} requests/s`,
      )
    }

    // Solana: SOL and USDC of a funded devnet account, one JSON-RPC batch per uncached request.
    const solanaHolder = devnet.manifest.solana?.accounts[1]?.address
    const solanaBase = `${server.url}/v1/account/${solanaHolder}/balance?projectId=latch-dev&currency=usd&chainId=${solana.caipNetworkId}`
    const mark = solanaProxy.requests.length
    for (let index = 0; index < requests; index++) await fetch(`${solanaBase}&forceUpdate=true`)
    const sent = solanaProxy.since(mark)
    const methods = sent.reduce((sum, batch) => sum + batch.length, 0)
    console.log(
      `solana balance, uncached: ${(sent.length / requests).toFixed(2)} upstream requests per request (target 1, at most 2), ${(methods / requests).toFixed(2)} JSON-RPC methods in them`,
    )
    for (const [name, url, connections] of [
      ['cached (30 s cache)', solanaBase, 1],
      ['cached (30 s cache)', solanaBase, CONNECTIONS],
      ['uncached (forceUpdate=true)', `${solanaBase}&forceUpdate=true`, 1],
      ['uncached (forceUpdate=true)', `${solanaBase}&forceUpdate=true`, CONNECTIONS],
    ] as const) {
      const result = await load(url, connections)
      console.log(
        `solana balance, ${name}, ${connections} connection(s), ${SECONDS} s: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} requests/s`,
      )
    }
  } finally {
    server.stop()
    await proxy.close()
    await solanaProxy.close()
    await devnet.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAccount()
