import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_SS58_PREFIX, type DevnetPolkadotChain, polkadotNetworkId } from '@latch/protocol'
import { chainSpec } from '@substrate/connect-known-chains/rococo_v2_2_asset_hub'
import { spawnChild } from '../children.ts'
import { polkadotDevAccounts } from './accounts.ts'
import {
  POLKADOT_CHAIN_NAME,
  POLKADOT_FUNDING_PLANCK,
  POLKADOT_START_TIMEOUT_MS,
} from './constants.ts'
import { polkadotRpc } from './rpc.ts'

const require = createRequire(import.meta.url)

export type PolkadotDevnetOptions = {
  host: string
  /** 0 lets the OS pick a free port. */
  port: number
  log?: (line: string) => void
  /** Every line chopsticks prints (LATCH_VERBOSE); by default only its last lines on a failure. */
  verbose?: boolean
}

export type PolkadotDevnet = DevnetPolkadotChain & {
  pid: number
  /** The same endpoint over HTTP, for one-off JSON-RPC calls. */
  httpUrl: string
  stop(): Promise<void>
}

type ChainProperties = {
  ss58Format?: number
  tokenSymbol?: string | string[]
  tokenDecimals?: number | number[]
}

const first = <T>(value: T | T[] | undefined): T | undefined =>
  Array.isArray(value) ? value[0] : value

/**
 * Starts chopsticks on Rococo Asset Hub's runtime from its genesis (the raw chain spec that ships
 * with @substrate/connect-known-chains: no network needed), building a block as soon as a
 * transaction arrives, with every devnet account funded by a storage import of System.Account.
 */
export async function startPolkadotDevnet(options: PolkadotDevnetOptions): Promise<PolkadotDevnet> {
  const { host, port, log = () => {} } = options
  const scratch = await mkdtemp(join(tmpdir(), 'latch-polkadot-'))
  const specPath = join(scratch, 'chain-spec.json')
  const storagePath = join(scratch, 'storage.json')
  const spec = JSON.parse(chainSpec) as { properties?: ChainProperties }
  const ss58Prefix = spec.properties?.ss58Format ?? DEFAULT_SS58_PREFIX
  const accounts = await polkadotDevAccounts(ss58Prefix)
  // The genesis has no balances of ours: import one for each account (chopsticks encodes the
  // storage keys and values from the runtime's metadata).
  const storage = {
    System: {
      Account: accounts.map((account) => [
        [account.address],
        { providers: 1, data: { free: POLKADOT_FUNDING_PLANCK.toString() } },
      ]),
    },
  }
  await Promise.all([
    writeFile(specPath, chainSpec),
    writeFile(storagePath, JSON.stringify(storage)),
  ])

  const cli = require.resolve('@acala-network/chopsticks/cli')
  const args = [
    cli,
    `--genesis=${specPath}`,
    `--host=${host}`,
    `--port=${port}`,
    '--build-block-mode=Instant',
    `--import-storage=${storagePath}`,
  ]
  const child = spawnChild(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'info', NO_COLOR: '1' },
  })
  let output = ''
  let listening: string | undefined
  const collect = (chunk: Buffer) => {
    const text = chunk.toString()
    if (options.verbose)
      for (const line of text.split('\n')) if (line.trim()) log(`chopsticks: ${line}`)
    // A bounded tail of the log for error messages.
    output = (output + text).slice(-4000)
    listening ??= /RPC listening on http:\/\/(\S+) and ws:/.exec(output)?.[1]
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
  const stop = async (): Promise<void> => {
    if (!exited) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
      await exitPromise
      clearTimeout(timer)
    }
    await rm(scratch, { recursive: true, force: true })
  }

  try {
    const deadline = Date.now() + POLKADOT_START_TIMEOUT_MS
    while (!listening) {
      if (exited) throw new Error('chopsticks exited')
      if (Date.now() > deadline)
        throw new Error(`not listening within ${POLKADOT_START_TIMEOUT_MS} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const actualPort = Number(listening.slice(listening.lastIndexOf(':') + 1))
    // chopsticks moves on to the next free port when the one asked for is taken; a port the
    // caller named is that one or a failure, like every other devnet service.
    if (port !== 0 && actualPort !== port) throw new Error(`address already in use: port ${port}`)
    const address = host.includes(':') ? `[${host}]` : host
    const httpUrl = `http://${address}:${actualPort}`
    const [genesisHash, properties] = await Promise.all([
      polkadotRpc<string>(httpUrl, 'chain_getBlockHash', [0]),
      polkadotRpc<ChainProperties>(httpUrl, 'system_properties'),
    ])
    if (child.pid === undefined) throw new Error('chopsticks has no pid')
    const symbol = first(properties.tokenSymbol) ?? 'UNIT'
    log(
      `Polkadot devnet (chopsticks) listening on ws://${address}:${actualPort} (pid ${child.pid})`,
    )
    return {
      caipNetworkId: polkadotNetworkId(genesisHash),
      genesisHash,
      name: POLKADOT_CHAIN_NAME,
      wsUrl: `ws://${address}:${actualPort}`,
      httpUrl,
      ss58Prefix: properties.ss58Format ?? ss58Prefix,
      // The chain's properties name the token only by its symbol.
      nativeCurrency: {
        name: symbol,
        symbol,
        decimals: first(properties.tokenDecimals) ?? 12,
      },
      accounts,
      pid: child.pid,
      stop,
    }
  } catch (error) {
    await stop()
    throw new Error(
      `the Polkadot devnet (chopsticks) on port ${port} did not start: ${(error as Error).message}\n${output.trim()}`,
    )
  }
}
