import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

/** The package's folder (this file is src/node/). */
const packageDir = path.resolve(import.meta.dirname, '../..')

/** Absolute path of the built page: index.html and assets/, served by apps/server. */
export const walletFrameDistDir = path.join(packageDir, 'dist')

/**
 * What the build reads: a change to any of these makes dist stale. The page bundles
 * @latch/protocol's frame.ts, so the protocol's sources count too (a sibling in the monorepo).
 */
const SOURCES = [
  path.join(packageDir, 'src'),
  path.join(packageDir, 'index.html'),
  path.join(packageDir, 'vite.config.ts'),
  path.resolve(packageDir, '../protocol/src'),
]

let inFlight: Promise<void> | undefined

/**
 * Builds the frame page with Vite when dist/index.html is missing or older than a source file, so
 * `npm start` and the test setup can call it every time. Concurrent calls in one process share a
 * build; builds in other processes write to their own folder and swap it in.
 */
export function ensureWalletFrameBuilt(
  options: { log?: (line: string) => void } = {},
): Promise<void> {
  inFlight ??= buildIfStale(options.log).finally(() => {
    inFlight = undefined
  })
  return inFlight
}

async function buildIfStale(log: ((line: string) => void) | undefined): Promise<void> {
  const builtAt = modifiedAt(path.join(walletFrameDistDir, 'index.html'))
  if (builtAt !== undefined && newestSource() <= builtAt) return
  const started = Date.now()
  log?.('building the wallet frame page')
  const outDir = path.join(packageDir, `dist-tmp-${process.pid}-${started}`)
  const nodeEnvBefore = process.env.NODE_ENV
  try {
    // Vite is loaded only when a build is needed: the server imports this module on every start.
    const { build } = await import('vite')
    await build({
      root: packageDir,
      configFile: path.join(packageDir, 'vite.config.ts'),
      configLoader: 'runner',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    })
    swapIn(outDir)
  } finally {
    // A production build sets NODE_ENV=production in this process; left behind, it would reach
    // every child started after it (`npm start`'s server then demands production secrets).
    restoreNodeEnv(nodeEnvBefore)
    rmSync(outDir, { recursive: true, force: true })
  }
  log?.(`wallet frame page built in ${Date.now() - started} ms`)
}

function restoreNodeEnv(value: string | undefined): void {
  if (value === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = value
}

// Replaces dist with the fresh build, moving the old one aside first so a server reading it sees no
// gap longer than two renames. Another process may have swapped its own build in meanwhile: it was
// built from the same sources, so losing that race is fine.
function swapIn(outDir: string): void {
  const old = `${outDir}-old`
  try {
    renameSync(walletFrameDistDir, old)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  try {
    renameSync(outDir, walletFrameDistDir)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error
  } finally {
    rmSync(old, { recursive: true, force: true })
  }
}

function newestSource(): number {
  let newest = 0
  for (const source of SOURCES) newest = Math.max(newest, newestIn(source))
  return newest
}

function newestIn(file: string): number {
  const stats = statSync(file, { throwIfNoEntry: false })
  if (!stats) return 0
  if (!stats.isDirectory()) return file.endsWith('.test.ts') ? 0 : stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestIn(path.join(file, entry)))
  return newest
}

function modifiedAt(file: string): number | undefined {
  return existsSync(file) ? statSync(file).mtimeMs : undefined
}
