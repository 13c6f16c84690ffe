import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { spawnChild } from '../children.ts'
import { packageRoot } from '../packageRoot.ts'

/** `@pimlico/alto`'s root: its package exports its library only, not the command line. */
const altoRoot = packageRoot('@pimlico/alto')
const preload = fileURLToPath(new URL('./preload.mjs', import.meta.url))
/**
 * Alto's modules that hold nearly all its load time (its RPC server, executor, mempool, gas
 * handlers, stores); loading them first leaves its command line about 80 ms instead of a second.
 */
const warmModules = ['rpc', 'executor', 'mempool', 'handlers', 'store', 'receiptCache'].map(
  (folder) => pathToFileURL(join(altoRoot, 'esm', folder, 'index.js')).href,
)

export type BundlerOptions = {
  /** The chain's JSON-RPC URL, reachable from the bundler. */
  rpcUrl: string
  chainId: number
  entryPoint: `0x${string}`
  executorKey: `0x${string}`
  utilityKey: `0x${string}`
  port: number
  host: string
  log?: (line: string) => void
  /** How long alto may take from its arguments to answering; default 20 s. */
  timeoutMs?: number
}

export type BundlerInstance = { pid: number; url: string; stop(): Promise<void> }

/** A bundler process that has loaded its code and waits for its chain. */
export type WarmBundler = {
  /** Runs alto on the chain; resolves once it answers with the expected EntryPoint. */
  start(options: BundlerOptions): Promise<BundlerInstance>
  stop(): Promise<void>
}

/**
 * Spawns alto now, so it loads while the chain is deployed; `start` hands it its arguments.
 * Alto is told what anvil cannot do: the tracer ERC-7562's checks need (safe mode off).
 */
export function warmBundler(host: string): WarmBundler {
  const child = spawnChild(
    process.execPath,
    ['--import', pathToFileURL(preload).href, join(altoRoot, 'esm/cli/alto.js')],
    {
      env: {
        // Alto reads ALTO_* variables as options: none of the caller's may change its run.
        ...Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !name.startsWith('ALTO_')),
        ),
        LATCH_ALTO_WARM: JSON.stringify(warmModules),
        LATCH_BUNDLER_HOST: host,
        // Nor may a .env file in the working directory, which alto would read too.
        DOTENV_CONFIG_PATH: '/dev/null',
      },
    },
  )
  let output = ''
  const collect = (chunk: Buffer) => {
    // Keep a bounded tail of the log for error messages.
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = exitOf(child)
  // Killed outright: its mempool lives in memory with the chain it serves, and its graceful
  // shutdown waits on open connections for seconds.
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGKILL')
    await exited
  }

  return {
    stop,
    async start(options) {
      const { log = () => {}, timeoutMs = 20_000 } = options
      child.stdout?.on('data', (chunk: Buffer) => logLines(chunk, log))
      child.stderr?.on('data', (chunk: Buffer) => logLines(chunk, log))
      child.stdin?.end(`${JSON.stringify(altoArguments(options))}\n`)
      const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`
      try {
        await Promise.race([
          waitForEntryPoint(url, options.entryPoint, timeoutMs),
          exited.then(() => {
            throw new Error('process exited')
          }),
        ])
      } catch (error) {
        await stop()
        throw new Error(
          `bundler for chain ${options.chainId} on port ${options.port} did not start: ${(error as Error).message}\n${output.trim()}`,
        )
      }
      if (child.pid === undefined) throw new Error('the bundler has no pid')
      log(`bundler for chain ${options.chainId} listening on ${url} (pid ${child.pid})`)
      return { pid: child.pid, url, stop }
    },
  }
}

function altoArguments(options: BundlerOptions): string[] {
  return [
    '--entrypoints',
    options.entryPoint,
    '--rpc-url',
    options.rpcUrl,
    '--port',
    String(options.port),
    '--executor-private-keys',
    options.executorKey,
    '--utility-private-key',
    options.utilityKey,
    // anvil has no tracer for ERC-7562's validation rules; the devnet trusts its own accounts.
    '--safe-mode',
    'false',
    // Bundles pay the chain's suggested tip, not what their operations offer: on a chain where
    // the bundler's transactions are most of the traffic, bidding the operations' fees (which
    // clients set at twice the suggested tip) made the suggestion, and every fee, double with
    // each bundle.
    '--bundler-initial-commission',
    '100',
    // anvil mines each transaction at once. Alto polls the chain every quarter of a block time
    // (a second by default: every operation waited for a poll), and bundles at intervals that
    // grow with its traffic up to the maximum (a second by default: a bench's run of operations
    // slowed its own later ones); 50 ms polls and bundling every 50 to 100 ms keep an operation
    // a few tenths of a second from its receipt, at little cost when idle.
    '--block-time',
    '200',
    '--min-bundle-interval',
    '50',
    '--max-bundle-interval',
    '100',
    '--log-level',
    'warn',
    // JSON lines, written in its own thread: the pretty printer would start a worker to load.
    '--json',
  ]
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

function logLines(chunk: Buffer, log: (line: string) => void): void {
  for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[alto] ${line}`)
}

/**
 * Waits until the bundler answers eth_supportedEntryPoints with `entryPoint`: an answer from
 * anything else on the port (which alto then fails to bind) is not taken for alto's.
 */
async function waitForEntryPoint(
  url: string,
  entryPoint: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_supportedEntryPoints',
          params: [],
        }),
      })
      const body = (await response.json()) as { result?: string[] }
      if (body.result?.some((address) => address.toLowerCase() === entryPoint.toLowerCase())) {
        return
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
