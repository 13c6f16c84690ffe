import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { spawnChild } from './children.ts'
import { ANVIL_PORT_ATTEMPTS } from './constants.ts'

const require = createRequire(import.meta.url)

/**
 * The path of the anvil binary shipped by `@foundry-rs/anvil` in its platform package
 * (e.g. `@foundry-rs/anvil-linux-amd64`).
 */
export function resolveAnvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`
  // The platform package is an optional dependency of @foundry-rs/anvil: resolve from there.
  const wrapper = createRequire(require.resolve('@foundry-rs/anvil/package.json'))
  let packageJson: string
  try {
    packageJson = wrapper.resolve(`${platformPackage}/package.json`)
  } catch {
    throw new Error(`${platformPackage} is not installed: anvil has no binary for this platform`)
  }
  const binary = join(
    dirname(packageJson),
    'bin',
    process.platform === 'win32' ? 'anvil.exe' : 'anvil',
  )
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}`)
  return binary
}

/** Asks the OS for a free TCP port on `host`. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen({ port: 0, host }, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/**
 * Starts a server on `port`, a port found free; if something took it before the server bound it
 * ("Address already in use"), on another free port, ANVIL_PORT_ATTEMPTS times in all.
 */
export async function retryOnTakenPort<T>(
  start: (port: number) => Promise<T>,
  port: number,
  nextPort: () => Promise<number>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(port)
    } catch (error) {
      // anvil says "Address already in use", node "EADDRINUSE: address already in use".
      const taken = /address already in use/i.test((error as Error).message)
      if (!taken || attempt >= ANVIL_PORT_ATTEMPTS) throw error
      port = await nextPort()
    }
  }
}

export type AnvilOptions = {
  port: number
  chainId: number
  host: string
  mnemonic: string
  log?: (line: string) => void
  /** How long to wait for the RPC to answer; default 10 s. */
  timeoutMs?: number
}

export type AnvilInstance = {
  pid: number
  rpcUrl: string
  stop(): Promise<void>
}

export async function startAnvil(options: AnvilOptions): Promise<AnvilInstance> {
  const { port, chainId, host, mnemonic, log = () => {}, timeoutMs = 10_000 } = options
  const args = [
    '--port',
    String(port),
    '--host',
    host,
    '--chain-id',
    String(chainId),
    '--mnemonic',
    mnemonic,
    '--accounts',
    '10',
    '--balance',
    '10000',
  ]
  const binary = resolveAnvilBinary()
  const child = spawnChild(binary, args)

  let output = ''
  let listening = false
  const collect = (chunk: Buffer) => {
    // Keep a bounded tail of the log for error messages.
    output = (output + chunk.toString()).slice(-4000)
    if (!listening && output.includes('Listening on')) listening = true
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  let exited = child.exitCode !== null
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true
      resolve()
    })
  })
  const spawnError = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(error))
  })
  spawnError.catch(() => {})

  const stop = async (): Promise<void> => {
    if (exited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
    await exitPromise
    clearTimeout(timer)
  }

  const rpcUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  try {
    await Promise.race([
      waitForChainId(
        rpcUrl,
        chainId,
        timeoutMs,
        () => exited,
        () => listening,
      ),
      spawnError,
    ])
  } catch (error) {
    await stop()
    throw new Error(
      `anvil on port ${port} did not start: ${(error as Error).message}\n${output.trim()}`,
    )
  }
  if (child.pid === undefined) throw new Error('anvil has no pid')
  log(`anvil chain ${chainId} listening on ${rpcUrl} (pid ${child.pid})`)
  return { pid: child.pid, rpcUrl, stop }
}

/**
 * Waits until anvil says it is listening (so we never mistake another server already on the port
 * for ours), then until it answers eth_chainId with the expected id.
 */
async function waitForChainId(
  rpcUrl: string,
  chainId: number,
  timeoutMs: number,
  hasExited: () => boolean,
  isListening: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (hasExited()) throw new Error('process exited')
    if (isListening()) {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        })
        const body = (await response.json()) as { result?: string }
        if (body.result !== undefined) {
          if (Number(body.result) === chainId) return
          throw new Error(`expected chain id ${chainId}, got ${Number(body.result)}`)
        }
      } catch (error) {
        if ((error as Error).message.startsWith('expected chain id')) throw error
      }
    }
    if (Date.now() > deadline) throw new Error(`no eth_chainId answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
