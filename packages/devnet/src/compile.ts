import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'
import { cacheDir, writeCacheEntry } from './deployment.ts'

const require = createRequire(import.meta.url)

/** Our own Solidity sources, compiled with solc-js on demand. */
export const contractsDir = fileURLToPath(new URL('../contracts/', import.meta.url))

const sourceFiles = ['DevnetToken.sol', 'Multicall3.sol'] as const

const settings = {
  // A devnet needs no gas savings: unoptimized compilation is noticeably faster.
  optimizer: { enabled: false },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
}

export type CompiledContract = { abi: Abi; bytecode: Hex; deployedBytecode: Hex }

export type CompiledContracts = {
  DevnetToken: CompiledContract
  Multicall3: CompiledContract
}

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<
    string,
    Record<
      string,
      { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >
}

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version
}

/**
 * Compiles the contracts under packages/devnet/contracts, or reads them from the cache when the
 * sources, solc version, OpenZeppelin version and settings are unchanged.
 */
export async function loadCompiledContracts(
  log: (line: string) => void = () => {},
): Promise<CompiledContracts> {
  const sources: Record<string, { content: string }> = {}
  for (const file of sourceFiles) {
    sources[file] = { content: await readFile(join(contractsDir, file), 'utf8') }
  }
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        sources,
        settings,
        solc: packageVersion('solc'),
        openzeppelin: packageVersion('@openzeppelin/contracts'),
      }),
    )
    .digest('hex')
    .slice(0, 16)
  const cacheFile = join(cacheDir, `contracts-${hash}.json`)

  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as CompiledContracts
  } catch {
    // not cached yet
  }

  const started = performance.now()
  const compiled = await compile(sources)
  log(
    `compiled contracts with solc ${packageVersion('solc')} in ${Math.round(performance.now() - started)} ms`,
  )

  await writeCacheEntry('contracts', cacheFile, JSON.stringify(compiled))
  return compiled
}

async function compile(sources: Record<string, { content: string }>): Promise<CompiledContracts> {
  // solc-js is large and slow to load: only import it on a cache miss.
  const solc = (await import('solc')).default
  const input = { language: 'Solidity', sources, settings }
  const findImports = (path: string): { contents: string } | { error: string } => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `import not found: ${path}` }
    }
  }
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: findImports }),
  ) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`)
  }
  const pick = (file: string, name: string): CompiledContract => {
    const contract = output.contracts?.[file]?.[name]
    if (!contract) throw new Error(`solc produced no ${name} in ${file}`)
    return {
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    }
  }
  return {
    DevnetToken: pick('DevnetToken.sol', 'DevnetToken'),
    Multicall3: pick('Multicall3.sol', 'Multicall3'),
  }
}
