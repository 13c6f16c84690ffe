import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

/** The package's folder (this file is src/node/). */
const packageDir = path.resolve(import.meta.dirname, '../..')

/** Absolute path of the built page: index.html and assets/, served by apps/server. */
export const dashboardDistDir = path.join(packageDir, 'dist')

/** What the build reads: a change to any of these makes dist stale. */
const SOURCES = [
  path.join(packageDir, 'src'),
  path.join(packageDir, 'index.html'),
  path.join(packageDir, 'vite.config.ts'),
  path.resolve(packageDir, '../../packages/protocol/src/dashboard.ts'),
  path.resolve(packageDir, '../../packages/protocol/src/dashboardPaths.ts'),
]

let inFlight: Promise<void> | undefined

/**
 * Builds the dashboard page with Vite when dist/index.html is missing or older than a source, so
 * `npm start` and the test setups can call it every time. Concurrent calls in one process share a
 * build; a build in another process writes to its own folder and swaps it in.
 */
export function ensureDashboardBuilt(
  options: { log?: (line: string) => void } = {},
): Promise<void> {
  inFlight ??= buildIfStale(options.log).finally(() => {
    inFlight = undefined
  })
  return inFlight
}

async function buildIfStale(log: ((line: string) => void) | undefined): Promise<void> {
  const index = path.join(dashboardDistDir, 'index.html')
  if (existsSync(index) && newest(SOURCES) <= statSync(index).mtimeMs) return
  const started = Date.now()
  log?.('building the dashboard page')
  const outDir = path.join(packageDir, `dist-tmp-${process.pid}-${started}`)
  const nodeEnvBefore = process.env.NODE_ENV
  try {
    // Vite loads only when a build is needed.
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
    // A production build sets NODE_ENV=production in this process: children started later (the
    // server) would then demand production secrets.
    if (nodeEnvBefore === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnvBefore
    rmSync(outDir, { recursive: true, force: true })
  }
  log?.(`dashboard page built in ${Date.now() - started} ms`)
}

// Moves the old build aside, then the new one in: a server reading dist sees no gap longer than
// two renames. Losing a race to another process's build is fine: same sources, same page.
function swapIn(outDir: string): void {
  const old = `${outDir}-old`
  try {
    renameSync(dashboardDistDir, old)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  try {
    renameSync(outDir, dashboardDistDir)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error
  } finally {
    rmSync(old, { recursive: true, force: true })
  }
}

function newest(files: readonly string[]): number {
  let latest = 0
  for (const file of files) {
    const stats = statSync(file, { throwIfNoEntry: false })
    if (!stats) continue
    latest = Math.max(
      latest,
      stats.isDirectory()
        ? Math.max(stats.mtimeMs, newest(readdirSync(file).map((entry) => path.join(file, entry))))
        : file.endsWith('.test.ts')
          ? 0
          : stats.mtimeMs,
    )
  }
  return latest
}
