import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'
import { cacheDir, writeCacheEntry } from './deployment.ts'
import { packageVersion } from './packageRoot.ts'

const require = createRequire(import.meta.url)

/** Our own Solidity sources, compiled with solc-js on demand. */
export const contractsDir = fileURLToPath(new URL('../contracts/', import.meta.url))

/**
 * Two compilations, each with its own settings. The devnet's own helpers need no gas savings, and
 * unoptimized compilation is noticeably faster. The smart account is the contract users pay gas
 * for, on any chain it is deployed to: it is optimized, and its bytecode (so its CREATE2 address)
 * is what a production deployment with the same compiler would get.
 */
const units = [
  {
    files: [
      'DevnetToken.sol',
      'Multicall3.sol',
      'BatchExecutor.sol',
      'DevnetCollectible.sol',
      'DevnetMultiToken.sol',
    ],
    settings: {
      optimizer: { enabled: false },
      evmVersion: 'cancun',
      outputSelection: {
        '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] },
      },
    },
  },
  {
    files: ['LatchAccount.sol', 'LatchAccountFactory.sol'],
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: {
        'LatchAccount.sol': { LatchAccount: ['abi'] },
        'LatchAccountFactory.sol': {
          LatchAccountFactory: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'],
        },
      },
    },
  },
  // The paymaster in a compilation of its own, so adding it changed no byte of the account's.
  {
    files: ['LatchPaymaster.sol'],
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: {
        'LatchPaymaster.sol': {
          LatchPaymaster: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'],
        },
      },
    },
  },
  // The session-key validator in its own compilation too: the account's bytes stay as they were.
  {
    files: ['LatchSessionValidator.sol'],
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: {
        'LatchSessionValidator.sol': {
          LatchSessionValidator: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'],
        },
      },
    },
  },
] as const

export type CompiledContract = { abi: Abi; bytecode: Hex; deployedBytecode: Hex }

export type CompiledContracts = {
  DevnetToken: CompiledContract
  Multicall3: CompiledContract
  /** Only its ABI: the factory's constructor deploys it. */
  LatchAccount: { abi: Abi }
  LatchAccountFactory: CompiledContract
  LatchPaymaster: CompiledContract
  /** What the test wallet's account delegates to (EIP-7702) to send EIP-5792 batches. */
  BatchExecutor: CompiledContract
  LatchSessionValidator: CompiledContract
  /** The devnet's ERC-721 collections (art and the spam lure). */
  DevnetCollectible: CompiledContract
  /** The devnet's ERC-1155 collection. */
  DevnetMultiToken: CompiledContract
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

/**
 * Compiles the contracts under packages/devnet/contracts, or reads them from the cache when the
 * sources, solc version, OpenZeppelin version and settings are unchanged.
 */
export async function loadCompiledContracts(
  log: (line: string) => void = () => {},
): Promise<CompiledContracts> {
  const sources: Record<string, { content: string }>[] = []
  for (const unit of units) {
    const unitSources: Record<string, { content: string }> = {}
    for (const file of unit.files) {
      unitSources[file] = { content: await readFile(join(contractsDir, file), 'utf8') }
    }
    sources.push(unitSources)
  }
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        sources,
        settings: units.map((unit) => unit.settings),
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

async function compile(sources: Record<string, { content: string }>[]): Promise<CompiledContracts> {
  // solc-js is large and slow to load: only import it on a cache miss.
  const solc = (await import('solc')).default
  const findImports = (path: string): { contents: string } | { error: string } => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `import not found: ${path}` }
    }
  }
  const contracts: NonNullable<SolcOutput['contracts']> = {}
  units.forEach((unit, index) => {
    const input = { language: 'Solidity', sources: sources[index], settings: unit.settings }
    const output = JSON.parse(
      solc.compile(JSON.stringify(input), { import: findImports }),
    ) as SolcOutput
    const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
    if (errors.length > 0) {
      throw new Error(`solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`)
    }
    for (const file of unit.files) {
      const compiled = output.contracts?.[file]
      if (compiled) contracts[file] = compiled
    }
  })
  const find = (file: string, name: string) => {
    const contract = contracts[file]?.[name]
    if (!contract) throw new Error(`solc produced no ${name} in ${file}`)
    return contract
  }
  const pick = (file: string, name: string): CompiledContract => {
    const contract = find(file, name)
    return {
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    }
  }
  return {
    DevnetToken: pick('DevnetToken.sol', 'DevnetToken'),
    Multicall3: pick('Multicall3.sol', 'Multicall3'),
    LatchAccount: { abi: find('LatchAccount.sol', 'LatchAccount').abi },
    LatchAccountFactory: pick('LatchAccountFactory.sol', 'LatchAccountFactory'),
    LatchPaymaster: pick('LatchPaymaster.sol', 'LatchPaymaster'),
    BatchExecutor: pick('BatchExecutor.sol', 'BatchExecutor'),
    LatchSessionValidator: pick('LatchSessionValidator.sol', 'LatchSessionValidator'),
    DevnetCollectible: pick('DevnetCollectible.sol', 'DevnetCollectible'),
    DevnetMultiToken: pick('DevnetMultiToken.sol', 'DevnetMultiToken'),
  }
}
