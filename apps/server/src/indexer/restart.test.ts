import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type Devnet, startDevnet } from '@latch/devnet'
import type { DevnetChain, HistoryResponse } from '@latch/protocol'
import { encodeFunctionData, erc20Abi, type Hex, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClient, devnetRpc, devnetWallet, type Send, sendBatch } from '../../test/devnetTx.ts'
import { freshDatabaseConfig, startTestServer } from '../../test/helpers.ts'
import { type Config, chainsOfDevnet } from '../config.ts'
import { type Database, openDatabase } from '../db/index.ts'
import { migrate } from '../db/migrate.ts'
import { toQuantity } from './rpc.ts'

const require = createRequire(import.meta.url)
const tsx = pathToFileURL(require.resolve('tsx')).href
const fixture = fileURLToPath(new URL('./child-indexer.fixture.ts', import.meta.url))

let devnet: Devnet
let chain: DevnetChain
let scratch: string
let database: Extract<Config['database'], { dialect: 'postgres' }>
let db: Database
const children = new Set<ChildProcess>()

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'latch-restart-'))
  const [started, databaseConfig] = await Promise.all([
    startDevnet({ ports: [0, 0], relayPort: 0, manifestPath: path.join(scratch, 'devnet.json') }),
    freshDatabaseConfig('postgres'),
  ])
  devnet = started
  chain = devnet.manifest.chains[1] as DevnetChain
  if (databaseConfig.dialect !== 'postgres') throw new Error('expected a PostgreSQL database')
  database = databaseConfig
  db = await openDatabase(database)
  await migrate(db)
})

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await db?.close()
  await devnet?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

/** Starts the indexer in a child process; resolves once it says it is indexing. */
function startIndexerProcess(blocksPerStep: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', tsx, fixture, String(blocksPerStep)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      LATCH_CHAINS: JSON.stringify(chainsOfDevnet(devnet.manifest).slice(1)),
      INDEXER_POLL_MS: '20',
    },
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  return new Promise((resolve, reject) => {
    let err = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('indexing')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`indexer exited with ${code}: ${err}`)))
  })
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(child.signalCode ?? child.exitCode)
    } else child.once('exit', (code, signal) => resolve(signal ?? code))
  })

async function checkpoint(): Promise<number> {
  const [row] = await db.query<{ block_number: string }>(
    'select block_number from indexer_checkpoints where chain_id = $1',
    [chain.chainId],
  )
  return row ? Number(row.block_number) : -1
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Native and USDC transfers to `account`, alternating, from a devnet account. */
async function transfersTo(account: Hex, from: number, count: number): Promise<Hex[]> {
  const usdc = chain.tokens.find((token) => token.symbol === 'USDC')?.address as Hex
  const sends: Send[] = Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { to: account, value: parseEther(String(index + 1)) }
      : {
          to: usdc,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [account, parseUnits(String(index + 1), 6)],
          }),
          gas: 100_000n,
        },
  )
  const sender = devnetWallet(chain, devnet.manifest.accounts[from]?.privateKey as string).account
  const hashes = await sendBatch(chain, sender, sends)
  await devnetClient(chain).waitForTransactionReceipt({ hash: hashes.at(-1) as Hex })
  return hashes
}

describe('an indexer killed with SIGKILL mid-run', () => {
  // Two indexer child processes start through tsx: slow on a loaded 2-core machine.
  it('resumes from its checkpoint after a restart: every transfer once, no gap', async () => {
    const account = privateKeyToAccount(generatePrivateKey()).address
    const client = devnetClient(chain)
    // Transfers between runs of empty blocks: a long catch-up for the kill to interrupt.
    const before: Hex[] = []
    for (let round = 0; round < 3; round++) {
      before.push(...(await transfersTo(account, 1, 20)))
      await devnetRpc(chain.rpcUrl, 'anvil_mine', [toQuantity(50)])
    }
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))

    // Two blocks a step: the catch-up is many small transactions, so the kill lands inside it.
    const first = await startIndexerProcess(2)
    await waitFor(async () => (await checkpoint()) >= head / 2, 'half the chain indexed')
    first.kill('SIGKILL')
    expect(await exited(first)).toBe('SIGKILL')
    const killedAt = await checkpoint()
    expect(killedAt).toBeLessThan(head)

    // The chain moves on while no indexer runs.
    const after = await transfersTo(account, 2, 10)
    const newHead = Number(await client.getBlockNumber({ cacheTime: 0 }))
    const second = await startIndexerProcess(2)
    await waitFor(async () => (await checkpoint()) === newHead, 'the head indexed')
    second.kill('SIGTERM')
    expect(await exited(second)).toBe(0)

    // Every transaction of every block, once: as many rows as the chain has transactions.
    const counts = await Promise.all(
      Array.from({ length: newHead + 1 }, (_, number) =>
        client.getBlockTransactionCount({ blockNumber: BigInt(number) }),
      ),
    )
    const [stored] = await db.query<{ rows: string; blocks: string }>(
      `select count(*) as rows, count(distinct block_number) as blocks
       from history_transactions where chain_id = $1`,
      [chain.chainId],
    )
    expect(Number(stored?.rows)).toBe(counts.reduce((sum, count) => sum + count, 0))
    expect(Number(stored?.blocks)).toBe(counts.filter((count) => count > 0).length)

    // And the account's history, as a caller reads it: all 70 transfers, newest first.
    const reader = await startTestServer(
      'postgres',
      { LATCH_CHAINS: JSON.stringify(chainsOfDevnet(devnet.manifest)) },
      database,
    )
    try {
      const seen: string[] = []
      let cursor: string | null = null
      do {
        const response = await reader.app.inject({
          method: 'GET',
          url: `/v1/account/${account}/history?projectId=latch-dev${cursor ? `&cursor=${cursor}` : ''}`,
        })
        const body = response.json() as HistoryResponse
        seen.push(...body.data.map((transaction) => transaction.metadata.hash))
        cursor = body.next
      } while (cursor)
      expect(seen).toEqual([...before, ...after].reverse())
    } finally {
      await reader.close()
    }
  }, 90_000)
})
