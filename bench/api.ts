import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import { spawnServer } from './server.ts'

/**
 * `npm run bench:api`: the JSON-RPC gateway's overhead over calling anvil directly. eth_getBalance
 * of the ten dev accounts in turn: anvil answers every one (no coalescing, 'latest' is not cached).
 */
const SEQUENTIAL_CALLS = 3000
const WARM_UP_CALLS = 300
const CONCURRENCY = 50
const THROUGHPUT_SECONDS = 5

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function rpc(url: string, body: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  const answer = (await response.json()) as { result?: unknown }
  if (!response.ok || answer.result === undefined) {
    throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`)
  }
}

async function sequential(targets: { name: string; url: string }[], bodies: string[]) {
  const times = targets.map(() => [] as number[])
  for (let call = 0; call < WARM_UP_CALLS + SEQUENTIAL_CALLS; call++) {
    const body = bodies[call % bodies.length] as string
    // Alternating the targets call by call spreads any drift (GC, the machine) over both.
    for (let index = 0; index < targets.length; index++) {
      const started = performance.now()
      await rpc((targets[index] as { url: string }).url, body)
      if (call >= WARM_UP_CALLS) times[index]?.push(performance.now() - started)
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b)
    return { p50: percentile(list, 50), p99: percentile(list, 99) }
  })
}

async function throughput(url: string, bodies: string[]): Promise<number> {
  const deadline = performance.now() + THROUGHPUT_SECONDS * 1000
  let done = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      let call = worker
      while (performance.now() < deadline) {
        await rpc(url, bodies[call++ % bodies.length] as string)
        done++
      }
    }),
  )
  return done / ((performance.now() - started) / 1000)
}

const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-api-'))
const devnet = await startDevnet({
  ports: [0, 0],
  relayPort: 0,
  manifestPath: path.join(scratch, 'devnet.json'),
})
const chain = devnet.manifest.chains[0]
if (!chain) throw new Error('the devnet has no chain')
const server = await spawnServer({
  DATA_DIR: scratch,
  DEVNET_MANIFEST: path.join(scratch, 'devnet.json'),
  RPC_RATE_LIMIT: '100000000',
})
const serverUrl = server.url
try {
  const gatewayUrl = `${serverUrl}/v1?chainId=eip155:${chain.chainId}&projectId=latch-dev`
  const bodies = devnet.manifest.accounts.map((account, index) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: index,
      method: 'eth_getBalance',
      params: [account.address, 'latest'],
    }),
  )
  const targets = [
    { name: 'anvil direct', url: chain.rpcUrl },
    { name: 'gateway', url: gatewayUrl },
  ]
  console.log(
    `eth_getBalance of ${bodies.length} accounts in turn, chain ${chain.chainId}, Node ${process.version}`,
  )
  const [direct, gateway] = await sequential(targets, bodies)
  if (!direct || !gateway) throw new Error('no figures')
  for (const [name, figures] of [
    ['anvil direct', direct],
    ['gateway     ', gateway],
  ] as const) {
    console.log(
      `sequential, ${SEQUENTIAL_CALLS} calls, ${name}: p50 ${figures.p50.toFixed(3)} ms, p99 ${figures.p99.toFixed(3)} ms`,
    )
  }
  console.log(
    `gateway overhead: p50 ${(gateway.p50 - direct.p50).toFixed(3)} ms, p99 ${(gateway.p99 - direct.p99).toFixed(3)} ms (target: p50 under 1 ms)`,
  )
  for (const target of targets) {
    const rate = await throughput(target.url, bodies)
    console.log(
      `${CONCURRENCY} concurrent connections, ${THROUGHPUT_SECONDS} s, ${target.name}: ${rate.toFixed(0)} requests/s`,
    )
  }
} finally {
  server.stop()
  await devnet.stop()
  rmSync(scratch, { recursive: true, force: true })
}
