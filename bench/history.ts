import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainsOfDevnet } from '../apps/server/src/config.ts'
import { openDatabase } from '../apps/server/src/db/index.ts'
import { migrate } from '../apps/server/src/db/migrate.ts'
import { measureHistoryQuery, measureIndexerCatchUp } from '../apps/server/src/indexer/bench.ts'
import { startPostgres } from '../scripts/postgres.ts'

/**
 * `npm run bench:history -w @latch/bench`: the indexer's catch-up rate on a devnet with 5,000+
 * blocks, and the history page query with `HISTORY_TRANSACTIONS` (default 500,000 transactions,
 * about 1,000,000 participant rows) in a PostgreSQL 15 server.
 */
const TRANSFERS = 300
const EMPTY_BLOCKS = 5000

const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-history-'))
const postgres = await startPostgres()
const devnet = await startDevnet({
  ports: [0, 0],
  relayPort: 0,
  manifestPath: path.join(scratch, 'devnet.json'),
})
try {
  const [chain] = chainsOfDevnet(devnet.manifest)
  const rpcUrl = chain?.rpcUrls[0]
  if (!chain || !rpcUrl) throw new Error('the devnet has no chain')
  const sender = createWalletClient({
    account: privateKeyToAccount(devnet.manifest.accounts[1]?.privateKey as `0x${string}`),
    transport: http(rpcUrl),
    chain: {
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [rpcUrl] } },
    },
  })
  for (let index = 0; index < TRANSFERS; index++) {
    const to = devnet.manifest.accounts[2 + (index % 8)]?.address as `0x${string}`
    await sender.sendTransaction({ to, value: parseEther('0.001') })
  }
  await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: [EMPTY_BLOCKS] }),
  })

  const database = { dialect: 'postgres' as const, url: postgres.url }
  const db = await openDatabase(database)
  await migrate(db)
  const catchUp = await measureIndexerCatchUp({ chain, database, db, blocksPerStep: 500 })
  console.log(
    `indexer catch-up (PostgreSQL 15): ${catchUp.blocks} blocks, ${catchUp.transactions} transactions in ${catchUp.seconds.toFixed(1)} s: ${catchUp.blocksPerSecond.toFixed(0)} blocks/s, ${catchUp.transactionsPerSecond.toFixed(0)} tx/s`,
  )
  const transactions = Number(process.env.HISTORY_TRANSACTIONS ?? 500_000)
  const query = await measureHistoryQuery({ db, transactions })
  for (const [name, figures] of [
    ['busy address, first page', query.hotFirstPage],
    ['busy address, deep page', query.hotDeepPage],
    ['ordinary address, first page', query.typical],
  ] as const) {
    console.log(
      `history page (50) with ${query.rows.toLocaleString('en-US')} participant rows, ${name}: p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms over ${figures.samples} queries`,
    )
  }
  await db.close()
} finally {
  await devnet.stop()
  await postgres.stop()
  rmSync(scratch, { recursive: true, force: true })
}
