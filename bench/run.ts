import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startDevnet } from '@latch/devnet'
import { startStack } from '../scripts/stack.ts'
import { benchBitcoin } from './bitcoin.ts'
import { benchBundle } from './bundle.ts'
import { benchEmbedded } from './embedded.ts'
import { benchPolkadot } from './polkadot.ts'
import { benchUserOps } from './userop.ts'
import { benchWalletConnect } from './walletconnect.ts'

/** `npm run bench`: prints start-up times, request latency and bundle sizes. Figures, not pass/fail. */
const root = path.resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function devnetStart(runs: number): Promise<void> {
  // Alternating runs with and without the bundlers: what they add, on the same machine load.
  const times = { with: [] as number[], without: [] as number[] }
  for (let run = 0; run < runs * 2; run++) {
    const bundlers = run % 2 === 0
    const dir = mkdtempSync(path.join(tmpdir(), 'latch-bench-'))
    const started = performance.now()
    const devnet = await startDevnet({
      ports: [0, 0],
      relayPort: 0,
      bundlers,
      manifestPath: path.join(dir, 'devnet.json'),
    })
    times[bundlers ? 'with' : 'without'].push(performance.now() - started)
    await devnet.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  const figures = (list: number[]) => {
    list.sort((a, b) => a - b)
    return `median ${percentile(list, 50).toFixed(0)} ms, max ${list.at(-1)?.toFixed(0)} ms`
  }
  console.log(
    `devnet start to ready (2 chains, all contracts, warm compile cache), ${runs} runs each: ` +
      `with the 2 bundlers ${figures(times.with)}; without them ${figures(times.without)}`,
  )
}

async function stackAndLatency(requests: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-'))
  const started = performance.now()
  const stack = await startStack({
    ports: { chains: [0, 0], relay: 0, server: 0, frame: 0, demo: 0 },
    dataDir,
    serverEnv: { LOG_LEVEL: 'warn' },
  })
  console.log(
    `stack (devnet + server + demo) start to ready, fresh data dir: ${(performance.now() - started).toFixed(0)} ms`,
  )
  try {
    const url = `${stack.serverUrl}/v1/supported-chains?projectId=latch-dev`
    for (let i = 0; i < 50; i++) await (await fetch(url)).arrayBuffer()
    const times: number[] = []
    const batchStarted = performance.now()
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now()
      const response = await fetch(url)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`status ${response.status}`)
      times.push(performance.now() - t0)
    }
    const seconds = (performance.now() - batchStarted) / 1000
    times.sort((a, b) => a - b)
    console.log(
      `GET /v1/supported-chains, ${requests} sequential requests on loopback: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, ${(requests / seconds).toFixed(0)} req/s`,
    )
  } finally {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function demoBundle(): void {
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js')
  const outDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-dist-'))
  execFileSync(
    process.execPath,
    [viteBin, 'build', '--configLoader', 'runner', '--logLevel', 'silent', '--outDir', outDir],
    {
      cwd: path.join(root, 'apps/demo'),
    },
  )
  const assets = path.join(outDir, 'assets')
  const js = readdirSync(assets).filter((file) => file.endsWith('.js'))
  const bytes = js.map((file) => readFileSync(path.join(assets, file)))
  const raw = bytes.reduce((sum, buffer) => sum + buffer.length, 0)
  const gzip = bytes.reduce((sum, buffer) => sum + gzipSync(buffer).length, 0)
  console.log(
    `demo page JavaScript (React 19 + @latch/react + @latch/core): ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip, ${js.length} file(s)`,
  )
  rmSync(outDir, { recursive: true, force: true })
}

await devnetStart(5)
await stackAndLatency(2000)
demoBundle()
await benchBundle()
await benchWalletConnect()
await benchEmbedded()
await benchUserOps()
await benchBitcoin()
await benchPolkadot()
