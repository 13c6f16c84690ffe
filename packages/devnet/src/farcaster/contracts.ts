import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { contractsDir } from '../compile.ts'
import { cacheDir, writeCacheEntry } from '../deployment.ts'
import { packageVersion } from '../packageRoot.ts'

const FILES = ['FarcasterIdRegistry.sol', 'DevnetCustodyWallet.sol'] as const

/** Runtime code of the Farcaster stand-ins: placed with anvil_setCode, never deployed. */
export type FarcasterContracts = { idRegistry: Hex; custodyWallet: Hex }

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>
}

/**
 * Compiles the ID Registry and the contract custody with solc-js, or reads them from the cache
 * when the sources and solc are unchanged. A compilation of its own: the other devnet contracts'
 * cache and bytecode stay as they are.
 */
export async function loadFarcasterContracts(
  log: (line: string) => void = () => {},
): Promise<FarcasterContracts> {
  const sources: Record<string, { content: string }> = {}
  for (const file of FILES)
    sources[file] = { content: await readFile(join(contractsDir, file), 'utf8') }
  const settings = {
    optimizer: { enabled: false },
    evmVersion: 'cancun',
    outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } },
  }
  const hash = createHash('sha256')
    .update(JSON.stringify({ sources, settings, solc: packageVersion('solc') }))
    .digest('hex')
    .slice(0, 16)
  const cacheFile = join(cacheDir, `farcaster-contracts-${hash}.json`)
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as FarcasterContracts
  } catch {
    // Not cached yet: compile.
  }
  const started = performance.now()
  // solc-js is large and slow to load: only on a cache miss.
  const solc = (await import('solc')).default
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: 'Solidity', sources, settings })),
  ) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0)
    throw new Error(`solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`)
  const code = (file: string, name: string): Hex => {
    const object = output.contracts?.[file]?.[name]?.evm.deployedBytecode.object
    if (!object) throw new Error(`solc produced no ${name} in ${file}`)
    return `0x${object}`
  }
  const compiled: FarcasterContracts = {
    idRegistry: code('FarcasterIdRegistry.sol', 'FarcasterIdRegistry'),
    custodyWallet: code('DevnetCustodyWallet.sol', 'DevnetCustodyWallet'),
  }
  log(`compiled the Farcaster contracts in ${Math.round(performance.now() - started)} ms`)
  await writeCacheEntry('farcaster-contracts', cacheFile, JSON.stringify(compiled))
  return compiled
}
