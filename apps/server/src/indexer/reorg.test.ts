import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Devnet, startDevnet } from '@latch/devnet'
import type { DevnetChain, HistoryResponse } from '@latch/protocol'
import { formatEther, type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetClient, devnetRpc, devnetWallet, sendBatch } from '../../test/devnetTx.ts'
import { DIALECTS, startTestServer, type TestServer } from '../../test/helpers.ts'
import { chainsOfDevnet } from '../config.ts'

// This file's own devnet: reverting the shared one would pull blocks from under other tests.
let devnet: Devnet
let chain: DevnetChain
let scratch: string
const servers: TestServer[] = []

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'latch-reorg-'))
  devnet = await startDevnet({
    ports: [0, 0],
    relayPort: 0,
    manifestPath: path.join(scratch, 'devnet.json'),
  })
  chain = devnet.manifest.chains[0] as DevnetChain
  // One server per dialect, both following the same chain through the same reorgs.
  for (const dialect of DIALECTS) {
    servers.push(
      await startTestServer(dialect, {
        LATCH_CHAINS: JSON.stringify(chainsOfDevnet(devnet.manifest).slice(0, 1)),
        INDEXER_ENABLED: 'true',
        INDEXER_POLL_MS: '20',
        INDEXER_CONFIRMATIONS: '6',
      }),
    )
  }
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await devnet?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

const funder = (index: number) =>
  devnetWallet(chain, devnet.manifest.accounts[index]?.privateKey as string).account

async function history(server: TestServer, address: string): Promise<HistoryResponse> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/v1/account/${address}/history?projectId=latch-dev`,
  })
  expect(response.statusCode).toBe(200)
  return response.json() as HistoryResponse
}

/** Resolves once every server's checkpoint is the chain's head block, hash and all. */
async function waitForHead(): Promise<void> {
  const head = await devnetClient(chain).getBlock({ blockTag: 'latest' })
  const deadline = Date.now() + 10_000
  for (const server of servers) {
    for (;;) {
      const [row] = await server.db.query<{ block_hash: string }>(
        'select block_hash from indexer_checkpoints where chain_id = $1',
        [chain.chainId],
      )
      if (row?.block_hash === head.hash) break
      if (Date.now() > deadline) throw new Error(`${server.db.dialect}: head not indexed`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

async function transferTo(account: Hex, from: number, ethers: string[]): Promise<Hex[]> {
  const hashes = await sendBatch(
    chain,
    funder(from),
    ethers.map((ether) => ({ to: account, value: parseEther(ether) })),
  )
  await devnetClient(chain).waitForTransactionReceipt({ hash: hashes.at(-1) as Hex })
  return hashes
}

describe('the indexer across a reorg', () => {
  it('replaces the dropped branch with the new one when the new chain is longer', async () => {
    const account = privateKeyToAccount(generatePrivateKey()).address
    await waitForHead()
    const snapshot = await devnetRpc<Hex>(chain.rpcUrl, 'anvil_snapshot')
    const dropped = await transferTo(account, 1, ['1', '2', '3'])
    await waitForHead()
    for (const server of servers) {
      expect((await history(server, account)).data.map((tx) => tx.metadata.hash)).toEqual(
        [...dropped].reverse(),
      )
    }

    // Readers during the reorg see the old branch or the new one, never a mix of the two.
    const seen: string[][] = []
    let reading = true
    const reader = (async () => {
      while (reading) {
        for (const server of servers) {
          seen.push((await history(server, account)).data.map((tx) => tx.metadata.hash))
        }
      }
    })()

    let replacing: Hex[]
    try {
      expect(await devnetRpc<boolean>(chain.rpcUrl, 'evm_revert', [snapshot])).toBe(true)
      replacing = await transferTo(account, 2, ['4', '5', '6', '7'])
      await waitForHead()
    } finally {
      reading = false
      await reader
    }

    const client = devnetClient(chain)
    for (const hash of dropped) {
      await expect(client.getTransactionReceipt({ hash })).rejects.toThrow(/could not be found/)
    }
    for (const server of servers) {
      const body = await history(server, account)
      expect(body.data.map((tx) => tx.metadata.hash)).toEqual([...replacing].reverse())
      expect(body.data.map((tx) => tx.transfers[0]?.quantity.numeric)).toEqual(['7', '6', '5', '4'])
    }
    for (const hashes of seen) {
      const fromDropped = hashes.some((hash) => dropped.includes(hash as Hex))
      const fromReplacing = hashes.some((hash) => replacing.includes(hash as Hex))
      expect(fromDropped && fromReplacing).toBe(false)
    }
  })

  it('drops rows above the new head when the new chain is shorter', async () => {
    const account = privateKeyToAccount(generatePrivateKey()).address
    await waitForHead()
    const snapshot = await devnetRpc<Hex>(chain.rpcUrl, 'anvil_snapshot')
    await transferTo(account, 3, ['1', '2', '3', '4'])
    await waitForHead()
    for (const server of servers) expect((await history(server, account)).data).toHaveLength(4)

    await devnetRpc(chain.rpcUrl, 'evm_revert', [snapshot])
    const [kept] = await transferTo(account, 4, ['0.5'])
    await waitForHead()
    for (const server of servers) {
      const body = await history(server, account)
      expect(body.data.map((tx) => [tx.metadata.hash, tx.transfers[0]?.quantity.numeric])).toEqual([
        [kept, formatEther(parseEther('0.5'))],
      ])
      const [blocks] = await server.db.query<{ above: number | string }>(
        `select count(*) as above from history_transactions
         where chain_id = $1 and block_number > (select block_number from indexer_checkpoints
           where chain_id = $1)`,
        [chain.chainId],
      )
      expect(Number(blocks?.above)).toBe(0)
    }
  })
})
