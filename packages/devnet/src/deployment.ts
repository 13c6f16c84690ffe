import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageVersion } from './packageRoot.ts'
import type { Deployment } from './types.ts'

/** Compiled contracts and the deployment plan are cached here (gitignored). */
export const cacheDir = fileURLToPath(new URL('../.cache/', import.meta.url))

/** Everything the plan depends on: when any of it changes, the plan is rebuilt. */
const inputFiles = [
  '../contracts/DevnetCollectible.sol',
  '../contracts/DevnetMultiToken.sol',
  '../contracts/DevnetToken.sol',
  '../contracts/LatchAccount.sol',
  '../contracts/LatchAccountFactory.sol',
  '../contracts/LatchPaymaster.sol',
  '../contracts/LatchSessionValidator.sol',
  '../contracts/Multicall3.sol',
  './artifacts.ts',
  './compile.ts',
  './constants.ts',
  './nfts/collections.ts',
  './plan.ts',
  './types.ts',
]
const inputPackages = [
  'solc',
  'viem',
  '@openzeppelin/contracts',
  '@uniswap/v2-core',
  '@uniswap/v2-periphery',
  '@account-abstraction/contracts',
  '@pimlico/alto',
]

/** Writes `data` to `file` through a temporary file, so no reader sees half of it. */
export async function writeAtomically(file: string, data: string): Promise<void> {
  const partial = `${file}.${process.pid}.tmp`
  try {
    await writeFile(partial, data)
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

/** Writes a cache entry `<prefix>-<hash>.json` and removes the older entries of that prefix. */
export async function writeCacheEntry(prefix: string, file: string, data: string): Promise<void> {
  await mkdir(cacheDir, { recursive: true })
  await writeAtomically(file, data)
  for (const name of await readdir(cacheDir)) {
    if (name.startsWith(`${prefix}-`) && name.endsWith('.json') && join(cacheDir, name) !== file) {
      await rm(join(cacheDir, name), { force: true })
    }
  }
}

/**
 * The deployment plan: read from the cache, or built (compiling with solc-js if needed, which
 * takes seconds) and cached. Building needs viem and solc; the cached path loads neither.
 */
export async function loadDeployment(log: (line: string) => void = () => {}): Promise<Deployment> {
  const hash = createHash('sha256')
  for (const file of inputFiles) {
    hash.update(file).update(await readFile(new URL(file, import.meta.url)))
  }
  for (const name of inputPackages) {
    hash.update(`${name}@${packageVersion(name)}`)
  }
  const cacheFile = join(cacheDir, `deployment-${hash.digest('hex').slice(0, 16)}.json`)
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as Deployment
  } catch {
    // Not cached yet (or unreadable): build it.
  }

  const started = performance.now()
  const [compiled, { planDeployment }] = await Promise.all([
    import('./compile.ts').then(({ loadCompiledContracts }) => loadCompiledContracts(log)),
    import('./plan.ts'),
  ])
  const deployment = planDeployment(compiled)
  log(`planned the deployment in ${Math.round(performance.now() - started)} ms`)
  await writeCacheEntry('deployment', cacheFile, JSON.stringify(deployment))
  return deployment
}
