import type { DevnetChain } from '@latch/protocol'
import {
  type Account,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseAbi,
  parseGwei,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Queryable } from '../src/db/index.ts'

/** The Uniswap V2 Router02 functions the tests swap with. */
export const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

const viemChainOf = (chain: DevnetChain) =>
  defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })

/** A viem public client on a devnet chain; calls made together go as one JSON-RPC batch. */
export function devnetClient(chain: DevnetChain) {
  return createPublicClient({
    chain: viemChainOf(chain),
    transport: http(chain.rpcUrl, { batch: true }),
  })
}

/** A viem wallet on a devnet chain, for a devnet account or a fresh key, and a public client. */
export function devnetWallet(chain: DevnetChain, privateKey: string) {
  const account = privateKeyToAccount(privateKey as Hex)
  return {
    account,
    wallet: createWalletClient({
      account,
      chain: viemChainOf(chain),
      transport: http(chain.rpcUrl),
    }),
    client: devnetClient(chain),
  }
}

/** A transaction to sign: a native transfer, or a call with `data` (and its gas limit). */
export type Send = { to: Hex; value?: bigint; data?: Hex; gas?: bigint }

/**
 * Sends transactions from `account` as one JSON-RPC batch of signed transactions, nonces in
 * order; anvil mines each in its own block. Resolves with the hashes, in order.
 */
export async function sendBatch(
  chain: DevnetChain,
  account: Account,
  sends: Send[],
): Promise<Hex[]> {
  const nonce = await devnetClient(chain).getTransactionCount({
    address: account.address,
    blockTag: 'pending',
  })
  const signed = await Promise.all(
    sends.map((send, index) => {
      if (!account.signTransaction) throw new Error('the account cannot sign')
      return account.signTransaction({
        chainId: chain.chainId,
        type: 'eip1559',
        to: send.to,
        value: send.value ?? 0n,
        data: send.data,
        nonce: nonce + index,
        gas: send.gas ?? 21_000n,
        maxFeePerGas: parseGwei('20'),
        maxPriorityFeePerGas: parseGwei('1'),
      })
    }),
  )
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      signed.map((transaction, id) => ({
        jsonrpc: '2.0',
        id,
        method: 'eth_sendRawTransaction',
        params: [transaction],
      })),
    ),
  })
  const answers = (await response.json()) as { id: number; result?: Hex; error?: unknown }[]
  return answers
    .sort((a, b) => a.id - b.id)
    .map((answer) => {
      if (!answer.result) throw new Error(`send failed: ${JSON.stringify(answer.error)}`)
      return answer.result
    })
}

/** Calls a devnet node's JSON-RPC directly (anvil_* and evm_* methods). */
export async function devnetRpc<T>(rpcUrl: string, method: string, params: unknown[] = []) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** Resolves once the indexer's checkpoint of `chainId` has reached `blockNumber`. */
export async function waitForIndexed(
  db: Queryable,
  chainId: number,
  blockNumber: bigint | number,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [row] = await db.query<{ block_number: string | number }>(
      'select block_number from indexer_checkpoints where chain_id = $1',
      [chainId],
    )
    if (row && BigInt(row.block_number) >= BigInt(blockNumber)) return
    if (Date.now() > deadline) {
      throw new Error(`chain ${chainId} not indexed up to block ${blockNumber} in ${timeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
