import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Abi, Hex } from 'viem'
import { packageRoot } from './packageRoot.ts'

const require = createRequire(import.meta.url)

export type Artifact = { abi: Abi; bytecode: Hex }

/** Reads an artifact JSON shipped in an npm package (Uniswap builds omit the 0x prefix). */
function load(specifier: string): Artifact {
  const json = require(specifier) as { abi: Abi; bytecode: string }
  const bytecode = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`
  return { abi: json.abi, bytecode: bytecode as Hex }
}

/**
 * The simulation contracts alto deploys at start when they are missing (its Foundry builds: the
 * bytecode under `bytecode.object`). Its package exports no files, so they are read from its root.
 */
function loadAlto(name: string): Hex {
  const path = join(packageRoot('@pimlico/alto'), 'esm/contracts', name)
  const json = JSON.parse(readFileSync(path, 'utf8')) as {
    bytecode: { object: Hex }
  }
  return json.bytecode.object
}

let cached: ReturnType<typeof loadAll> | undefined

function loadAll() {
  return {
    weth9: load('@uniswap/v2-periphery/build/WETH9.json'),
    uniswapV2Factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
    uniswapV2Pair: load('@uniswap/v2-core/build/UniswapV2Pair.json'),
    uniswapV2Router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    entryPoint: load('@account-abstraction/contracts/artifacts/EntryPoint.json'),
    simpleAccountFactory: load(
      '@account-abstraction/contracts/artifacts/SimpleAccountFactory.json',
    ),
    bundlerSimulations: [
      loadAlto('PimlicoSimulations.sol/PimlicoSimulations.json'),
      loadAlto('EntryPointSimulations.sol/EntryPointSimulations07.json'),
      loadAlto('EntryPointSimulations.sol/EntryPointSimulations08.json'),
      loadAlto('EntryPointSimulations.sol/EntryPointSimulations09.json'),
    ],
  }
}

/** The third-party contract artifacts the devnet deploys, loaded once. */
export function npmArtifacts(): ReturnType<typeof loadAll> {
  cached ??= loadAll()
  return cached
}
