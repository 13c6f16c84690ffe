import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { ensureDashboardBuilt } from '@latch/dashboard'
import { type Devnet, startDevnet } from '@latch/devnet'
import { ensureWalletFrameBuilt } from '@latch/wallet-frame'
import { freePort } from './postgres.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)

export type StackOptions = {
  /** 0 picks free ports; defaults are the ones the README names. */
  ports?: {
    chains?: [number, number]
    /** The chains' ERC-4337 bundlers; default 4337 and 4338, or free ports with relay 0. */
    bundlers?: [number, number]
    relay?: number
    /** The devnet's OpenID Connect provider and mail catcher (SMTP, inbox); default 0 with relay 0. */
    oidc?: number
    smtp?: number
    inbox?: number
    /** The local Solana chain (HTTP and WebSocket); default 8550, or 0 with relay 0. */
    solana?: number
    /** The local Bitcoin chain's Esplora API; default 8555, or 0 with relay 0. */
    bitcoin?: number
    /** The local Polkadot chain's WebSocket JSON-RPC (chopsticks); default 9944, or 0 with relay 0. */
    polkadot?: number
    /** Sign In With Farcaster's auth relay; default 8556, or 0 with relay 0. */
    farcasterRelay?: number
    /** The chain (id 10) holding Farcaster's ID Registry; default 8557, or 0 with relay 0. */
    optimism?: number
    /** The devnet NFTs' metadata and images; default 8558, or 0 with relay 0. */
    nfts?: number
    server?: number
    /** The embedded wallet's origin (the wallet frame and its API), served by the server too. */
    frame?: number
    demo?: number
  }
  /** The Bitcoin chain mines a block every this many ms; default 0: tests mine on demand. */
  bitcoinBlockIntervalMs?: number
  /** Server data (PGlite) and the devnet manifest go here; default `<repo>/.data`. */
  dataDir?: string
  /** Extra environment for the server (DATABASE_URL, LOG_LEVEL, ...). */
  serverEnv?: Record<string, string>
  /**
   * Origins of other sites the dev project allows beside the demo (a site of yours on another
   * port, which the wallet frame must let embed it); DEV_PROJECT_ORIGINS in the environment adds
   * to them.
   */
  siteOrigins?: readonly string[]
  /** `dev` (default): Vite's dev server; `preview`: a production build, served as a site would be. */
  demoMode?: 'dev' | 'preview'
  /** Where the children's output goes; default: dropped. */
  log?: (line: string) => void
  /** Runs while the devnet starts, before the server opens the data dir (a test's seed data). */
  beforeServer?: () => Promise<void>
}

export type Stack = {
  devnet: Devnet
  serverUrl: string
  /** The wallet frame's origin: a second listener of the server, a different origin from the site. */
  frameUrl: string
  demoUrl: string
  manifestPath: string
  stop(): Promise<void>
}

const DEFAULT_PORTS = {
  chains: [8545, 8546] as [number, number],
  relay: 8547,
  server: 8787,
  frame: 8788,
  demo: 5173,
}
const READY_TIMEOUT_MS = 60_000

/** How many of a child's last output lines an error shows when it ends before it is ready. */
const TAIL_LINES = 20

/**
 * Sends each line a child prints to `log` and keeps its last lines, so a child that dies before it
 * is ready can be explained without a verbose rerun.
 */
function pipeLines(child: ChildProcess, prefix: string, log: (line: string) => void): string[] {
  const tail: string[] = []
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = ''
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        if (!line.trim()) continue
        log(`${prefix} ${line}`)
        tail.push(line)
        if (tail.length > TAIL_LINES) tail.shift()
      }
    })
  }
  return tail
}

function withTail(message: string, tail: string[]): string {
  return tail.length === 0
    ? `${message} (it printed nothing)`
    : `${message}; its last output:\n${tail.map((line) => `  ${line}`).join('\n')}`
}

/** Polls `url` until it answers 200; fails early, with the child's last lines, if it exits first. */
async function waitForHttp(
  url: string,
  child: ChildProcess,
  name: string,
  tail: string[],
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let exited: number | null = null
  child.once('exit', (code) => {
    exited = code ?? -1
  })
  while (Date.now() < deadline) {
    if (exited !== null) {
      // The pipes may still hold the last lines the child wrote as it exited.
      await new Promise((resolve) => setTimeout(resolve, 50))
      throw new Error(withTail(`${name} exited with code ${exited} before it was ready`, tail))
    }
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(
    withTail(`${name} was not ready at ${url} within ${READY_TIMEOUT_MS / 1000} s`, tail),
  )
}

/** Spawns node with `args`; on Linux through setpriv so the child dies with this process, even on SIGKILL. */
function spawnNode(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildProcess {
  const [command, argv] =
    process.platform === 'linux'
      ? ['setpriv', ['--pdeathsig', 'KILL', process.execPath, ...args]]
      : [process.execPath, args]
  return spawn(command, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Brings up what `npm start` runs: the devnet, the server on it, and the demo page on the server,
 * each waited on until healthy. `stop()` ends them all.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => {})
  const dataDir = options.dataDir ?? path.join(repoRoot, '.data')
  const manifestPath = path.join(dataDir, 'devnet.json')
  const pick = async (port: number | undefined, fallback: number) =>
    port === 0 ? freePort() : (port ?? fallback)

  const children: ChildProcess[] = []
  let devnet: Devnet | undefined
  const stop = async () => {
    await Promise.all(children.map(stopChild))
    await devnet?.stop()
  }
  // Children must not outlive this process, whatever ends it.
  const killChildren = () => {
    for (const child of children) child.kill('SIGKILL')
  }
  process.once('exit', killChildren)

  try {
    const [started] = await Promise.all([
      startDevnet({
        ports: options.ports?.chains ?? DEFAULT_PORTS.chains,
        ...(options.ports?.bundlers ? { bundlerPorts: options.ports.bundlers } : {}),
        relayPort: options.ports?.relay ?? DEFAULT_PORTS.relay,
        ...(options.ports?.oidc !== undefined ? { oidcPort: options.ports.oidc } : {}),
        ...(options.ports?.solana !== undefined ? { solanaPort: options.ports.solana } : {}),
        ...(options.ports?.bitcoin !== undefined ? { bitcoinPort: options.ports.bitcoin } : {}),
        ...(options.ports?.polkadot !== undefined ? { polkadotPort: options.ports.polkadot } : {}),
        ...(options.ports?.nfts !== undefined ? { nftPort: options.ports.nfts } : {}),
        bitcoinBlockIntervalMs: options.bitcoinBlockIntervalMs ?? 0,
        farcaster: {
          ...(options.ports?.farcasterRelay !== undefined
            ? { relayPort: options.ports.farcasterRelay }
            : {}),
          ...(options.ports?.optimism !== undefined
            ? { optimismPort: options.ports.optimism }
            : {}),
        },
        mail: {
          ...(options.ports?.smtp !== undefined ? { smtpPort: options.ports.smtp } : {}),
          ...(options.ports?.inbox !== undefined ? { inboxPort: options.ports.inbox } : {}),
        },
        manifestPath,
        log: (line) => log(`[devnet] ${line}`),
      }),
      // The frame page is static: built once, again only when its sources changed.
      ensureWalletFrameBuilt({ log: (line) => log(`[wallet-frame] ${line}`) }),
      // So is the owner's dashboard page, which the server serves at /dashboard.
      ensureDashboardBuilt({ log: (line) => log(`[dashboard] ${line}`) }),
      options.beforeServer?.(),
    ])
    devnet = started
    // Picked once the devnet listens: a port free before its services bound theirs (the OS hands
    // out the same ephemeral ports) could be one of them by the time the server binds it.
    const [serverPort, framePort, demoPort] = await Promise.all([
      pick(options.ports?.server, DEFAULT_PORTS.server),
      pick(options.ports?.frame, DEFAULT_PORTS.frame),
      pick(options.ports?.demo, DEFAULT_PORTS.demo),
    ])
    const serverUrl = `http://127.0.0.1:${serverPort}`
    const frameUrl = `http://127.0.0.1:${framePort}`
    const demoUrl = `http://127.0.0.1:${demoPort}`
    const demoOrigins = `${demoUrl},http://localhost:${demoPort}`
    // The dev project's pages: the demo, and the sites the caller or DEV_PROJECT_ORIGINS names.
    const projectOrigins = [
      demoOrigins,
      ...(options.siteOrigins ?? []),
      ...(process.env.DEV_PROJECT_ORIGINS ? [process.env.DEV_PROJECT_ORIGINS] : []),
    ].join(',')

    const server = spawnNode(['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(repoRoot, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        FRAME_PORT: String(framePort),
        FRAME_URL: frameUrl,
        DATA_DIR: dataDir,
        DEVNET_MANIFEST: manifestPath,
        CORS_ORIGINS: demoOrigins,
        DEV_PROJECT_ORIGINS: projectOrigins,
        ...options.serverEnv,
      },
    })
    children.push(server)
    const serverTail = pipeLines(server, '[server]', log)

    const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js')
    const demoCwd = path.join(repoRoot, 'apps/demo')
    const demoEnv = {
      ...process.env,
      LATCH_SERVER_URL: serverUrl,
      LATCH_FRAME_URL: frameUrl,
      DEVNET_MANIFEST: manifestPath,
    }
    const outDir = path.join(dataDir, 'demo-dist')
    if (options.demoMode === 'preview') {
      const build = spawnNode(
        [
          viteBin,
          'build',
          '--configLoader',
          'runner',
          '--logLevel',
          'warn',
          '--emptyOutDir',
          '--outDir',
          outDir,
        ],
        {
          cwd: demoCwd,
          env: demoEnv,
        },
      )
      const buildTail = pipeLines(build, '[demo build]', log)
      const code = await new Promise<number | null>((resolve) => build.once('close', resolve))
      if (code !== 0) throw new Error(withTail(`the demo build exited with ${code}`, buildTail))
    }
    const demoArgs =
      options.demoMode === 'preview'
        ? [viteBin, 'preview', '--configLoader', 'runner', '--outDir', outDir]
        : [viteBin, '--configLoader', 'runner', '--logLevel', 'warn']
    const demo = spawnNode(demoArgs, {
      cwd: demoCwd,
      env: { ...demoEnv, DEMO_PORT: String(demoPort) },
    })
    children.push(demo)
    const demoTail = pipeLines(demo, '[demo]', log)

    await Promise.all([
      waitForHttp(`${serverUrl}/health`, server, 'server', serverTail),
      waitForHttp(`${frameUrl}/frame?projectId=latch-dev`, server, 'wallet frame', serverTail),
      waitForHttp(demoUrl, demo, 'demo', demoTail),
    ])
    return { devnet, serverUrl, frameUrl, demoUrl, manifestPath, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
