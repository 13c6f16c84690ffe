import type { TokenConfig } from '../chains/chainConfig.ts'
import {
  nftTransfersOfLog,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './nftLogs.ts'
import { type IndexerRpc, type RpcCall, RpcCallError, toQuantity } from './rpc.ts'

/**
 * Value moved by a transaction: the native coin when `token` is null, else an ERC-20, or an NFT
 * when it has a `tokenId` (ERC-721 or ERC-1155, any contract).
 */
export type IndexedTransfer = {
  token: string | null
  from: string
  to: string
  amount: bigint
  tokenId?: bigint
  standard?: 'erc721' | 'erc1155'
}

export type IndexedTransaction = {
  index: number
  hash: string
  from: string
  /** The callee, or the contract a creation made; null only if the node gave neither. */
  to: string | null
  nonce: number
  status: 'confirmed' | 'failed'
  /** The first 4 bytes of the call data, or '0x' for none. */
  methodId: string
  transfers: IndexedTransfer[]
}

export type IndexedBlock = {
  number: number
  hash: string
  parentHash: string
  /** Unix seconds. */
  time: number
  transactions: IndexedTransaction[]
}

/** What to look for on a chain. Addresses are lowercase. */
export type ReadContext = {
  tokens: Map<string, TokenConfig>
  router: string | undefined
  weth: string | undefined
  /** Trace router transactions for the native coin they forward (debug_traceTransaction). */
  useTraces: boolean
  /** The NFT collections to follow; undefined: every contract's NFT transfers. */
  nftContracts?: string[] | undefined
}

export type RangeRead = {
  blocks: IndexedBlock[]
  /** The node refused debug_traceTransaction: internal transfers were derived from WETH logs. */
  tracesUnsupported: boolean
}

/**
 * The chain changed under a read (a block is missing, or the blocks, logs and receipts read do
 * not belong to one chain): nothing of the read may be written; the caller checks for a reorg.
 */
export class ChainMovedError extends Error {
  override name = 'ChainMovedError'
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
// WETH9's Deposit(address indexed dst, uint wad) and Withdrawal(address indexed src, uint wad):
// wrapping mints WETH, unwrapping burns it, with no Transfer log.
const DEPOSIT_TOPIC = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c'
const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

/**
 * Router02 functions that unwrap WETH and forward the ether to their `to` argument, by selector,
 * with the 32-byte word of the call data `to` sits in (a static argument of the head).
 */
const ETHER_OUT_TO_WORD = new Map([
  ['0x18cbafe5', 3], // swapExactTokensForETH(uint256,uint256,address[],address,uint256)
  ['0x4a25d94a', 3], // swapTokensForExactETH(uint256,uint256,address[],address,uint256)
  ['0x791ac947', 3], // swapExactTokensForETHSupportingFeeOnTransferTokens(...same)
  ['0x02751cec', 4], // removeLiquidityETH(address,uint256,uint256,uint256,address,uint256)
  ['0xaf2979eb', 4], // removeLiquidityETHSupportingFeeOnTransferTokens(...same)
])

type RpcTransaction = {
  hash: string
  from: string
  to: string | null
  nonce: string
  value: string
  input: string
  transactionIndex: string
}
type RpcBlock = {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: RpcTransaction[]
}
type RpcReceipt = {
  transactionHash: string
  blockHash: string
  status?: string
  contractAddress: string | null
}
type RpcLog = {
  address: string
  topics: string[]
  data: string
  blockHash: string
  transactionHash: string
  logIndex: string
  removed?: boolean
}
type CallFrame = {
  type: string
  from: string
  to?: string
  value?: string
  error?: string
  calls?: CallFrame[]
}

const topicAddress = (topic: string) => `0x${topic.slice(26)}`.toLowerCase()

/**
 * Reads blocks `from`..`to` (inclusive) with their transactions, receipts, the indexed tokens'
 * logs and the router transactions' traces, in a handful of JSON-RPC batches, and turns them into
 * transfers. Throws ChainMovedError when the parts read do not belong to one chain.
 */
export async function readRange(
  rpc: IndexerRpc,
  context: ReadContext,
  from: number,
  to: number,
): Promise<RangeRead> {
  const numbers = Array.from({ length: to - from + 1 }, (_, offset) => from + offset)
  const tokenAddresses = [...context.tokens.keys()]
  const [rawBlocks, logs, nftLogs] = await Promise.all([
    rpc.all<RpcBlock | null>(
      numbers.map((number) => ({
        method: 'eth_getBlockByNumber',
        params: [toQuantity(number), true],
      })),
    ),
    tokenAddresses.length === 0
      ? Promise.resolve([])
      : rpc.call<RpcLog[]>('eth_getLogs', [
          {
            fromBlock: toQuantity(from),
            toBlock: toQuantity(to),
            address: tokenAddresses,
            topics: [[TRANSFER_TOPIC, DEPOSIT_TOPIC, WITHDRAWAL_TOPIC]],
          },
        ]),
    // NFTs of any contract unless the chain names its collections: none has to be configured.
    context.nftContracts?.length === 0
      ? Promise.resolve([])
      : rpc.call<RpcLog[]>('eth_getLogs', [
          {
            fromBlock: toQuantity(from),
            toBlock: toQuantity(to),
            ...(context.nftContracts ? { address: context.nftContracts } : {}),
            topics: [[TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]],
          },
        ]),
  ])
  const blocks: RpcBlock[] = []
  for (const [offset, block] of rawBlocks.entries()) {
    if (!block) throw new ChainMovedError(`block ${from + offset} is not on the chain`)
    const previous = blocks[offset - 1]
    if (previous && block.parentHash !== previous.hash) {
      throw new ChainMovedError(`block ${from + offset} does not follow the block read before it`)
    }
    blocks.push(block)
  }
  const blockHashes = new Set(blocks.map((block) => block.hash))
  const byTransaction = (list: RpcLog[]) => {
    const grouped = new Map<string, RpcLog[]>()
    for (const log of list) {
      if (log.removed) continue
      if (!blockHashes.has(log.blockHash)) throw new ChainMovedError('a log is of another block')
      const entries = grouped.get(log.transactionHash) ?? []
      entries.push(log)
      grouped.set(log.transactionHash, entries)
    }
    return grouped
  }
  const logsByTransaction = byTransaction(logs)
  // An ERC-20's Transfer has three topics: only NFT logs are kept from the second query.
  const nftLogsByTransaction = byTransaction(
    nftLogs.filter((log) => log.topics[0] !== TRANSFER_TOPIC || log.topics.length === 4),
  )

  const receipts = await readReceipts(rpc, blocks)
  const succeeded = (transaction: RpcTransaction) =>
    receiptStatus(receipts.get(transaction.hash)) === 'confirmed'
  const routed = context.router
    ? blocks.flatMap((block) =>
        block.transactions.filter(
          (transaction) =>
            transaction.to?.toLowerCase() === context.router && succeeded(transaction),
        ),
      )
    : []
  const { internal, tracesUnsupported } = await readInternalTransfers(rpc, context, routed)

  return {
    tracesUnsupported,
    blocks: blocks.map((block) => ({
      number: Number(block.number),
      hash: block.hash.toLowerCase(),
      parentHash: block.parentHash.toLowerCase(),
      time: Number(block.timestamp),
      transactions: block.transactions.map((transaction) => {
        const receipt = receipts.get(transaction.hash)
        if (!receipt || receipt.blockHash !== block.hash) {
          throw new ChainMovedError(`the receipt of ${transaction.hash} is of another block`)
        }
        const status = receiptStatus(receipt)
        const sender = transaction.from.toLowerCase()
        const recipient = (transaction.to ?? receipt.contractAddress)?.toLowerCase() ?? null
        const transferLogs = (logsByTransaction.get(transaction.hash) ?? []).sort(
          (a, b) => Number(a.logIndex) - Number(b.logIndex),
        )
        const value = BigInt(transaction.value)
        const transfers: IndexedTransfer[] = [
          ...(status === 'confirmed' && value > 0n && recipient
            ? [{ token: null, from: sender, to: recipient, amount: value }]
            : []),
          ...transferLogs.flatMap((log) => transferOfLog(log, context)),
          ...(nftLogsByTransaction.get(transaction.hash) ?? [])
            .sort((a, b) => Number(a.logIndex) - Number(b.logIndex))
            .flatMap((log) => nftTransfersOfLog(log)),
          ...(internal.get(transaction.hash) ??
            (tracesUnsupported ? etherForwarded(transaction, transferLogs, context) : [])),
        ]
        return {
          index: Number(transaction.transactionIndex),
          hash: transaction.hash.toLowerCase(),
          from: sender,
          to: recipient,
          nonce: Number(transaction.nonce),
          status,
          methodId:
            transaction.input.length >= 10 ? transaction.input.slice(0, 10).toLowerCase() : '0x',
          transfers,
        }
      }),
    })),
  }
}

function receiptStatus(receipt: RpcReceipt | undefined): IndexedTransaction['status'] {
  // Receipts before Byzantium have no status: the transaction was mined, so it ran.
  return receipt?.status === undefined || receipt.status === '0x1' ? 'confirmed' : 'failed'
}

/** Receipts of every transaction: one eth_getBlockReceipts per block, per transaction if refused. */
async function readReceipts(rpc: IndexerRpc, blocks: RpcBlock[]): Promise<Map<string, RpcReceipt>> {
  const withTransactions = blocks.filter((block) => block.transactions.length > 0)
  const outcomes = await rpc.batch(
    withTransactions.map((block) => ({ method: 'eth_getBlockReceipts', params: [block.number] })),
  )
  const receipts = new Map<string, RpcReceipt>()
  const missing: RpcCall[] = []
  for (const [index, outcome] of outcomes.entries()) {
    const block = withTransactions[index] as RpcBlock
    if (outcome.ok && Array.isArray(outcome.result)) {
      for (const receipt of outcome.result as RpcReceipt[]) {
        receipts.set(receipt.transactionHash, receipt)
      }
    } else {
      for (const transaction of block.transactions) {
        missing.push({ method: 'eth_getTransactionReceipt', params: [transaction.hash] })
      }
    }
  }
  if (missing.length > 0) {
    for (const receipt of await rpc.all<RpcReceipt | null>(missing)) {
      if (!receipt) throw new ChainMovedError('a transaction of the range has no receipt')
      receipts.set(receipt.transactionHash, receipt)
    }
  }
  return receipts
}

function transferOfLog(log: RpcLog, context: ReadContext): IndexedTransfer[] {
  const token = log.address.toLowerCase()
  const [topic, first, second] = log.topics
  // A standard ERC-20 log has the amount, one word, as its data.
  if (!first || log.data.length !== 66) return []
  const amount = BigInt(log.data)
  if (amount === 0n) return []
  if (topic === TRANSFER_TOPIC && second && log.topics.length === 3) {
    return [{ token, from: topicAddress(first), to: topicAddress(second), amount }]
  }
  if (token !== context.weth || log.topics.length !== 2) return []
  if (topic === DEPOSIT_TOPIC)
    return [{ token, from: ZERO_ADDRESS, to: topicAddress(first), amount }]
  if (topic === WITHDRAWAL_TOPIC) {
    return [{ token, from: topicAddress(first), to: ZERO_ADDRESS, amount }]
  }
  return []
}

/** Native coin moved by calls inside the router transactions, from their call traces. */
async function readInternalTransfers(
  rpc: IndexerRpc,
  context: ReadContext,
  transactions: RpcTransaction[],
): Promise<{ internal: Map<string, IndexedTransfer[]>; tracesUnsupported: boolean }> {
  const internal = new Map<string, IndexedTransfer[]>()
  if (!context.useTraces || transactions.length === 0) {
    return { internal, tracesUnsupported: !context.useTraces }
  }
  const outcomes = await rpc.batch(
    transactions.map((transaction) => ({
      method: 'debug_traceTransaction',
      params: [transaction.hash, { tracer: 'callTracer' }],
    })),
  )
  for (const [index, outcome] of outcomes.entries()) {
    const transaction = transactions[index] as RpcTransaction
    if (outcome.ok) {
      internal.set(transaction.hash, callValues(outcome.result as CallFrame))
      continue
    }
    // A node without the debug namespace refuses the method; any other error (a trace that
    // timed out in the node) is worth another try, so the step fails and is read again.
    if (refusesMethod(outcome.error)) return { internal: new Map(), tracesUnsupported: true }
    throw new RpcCallError('debug_traceTransaction', outcome.error)
  }
  return { internal, tracesUnsupported: false }
}

/** The node does not offer the method (or not to us), as opposed to failing this one call. */
function refusesMethod(error: { code: number; message: string }): boolean {
  return (
    error.code === -32601 ||
    /not (found|supported|available|allowed|enabled)|does not exist|unsupported/i.test(
      error.message,
    )
  )
}

/** Value moved by the nested calls of a trace; a reverted call and everything under it moved none. */
function callValues(frame: CallFrame | undefined, depth = 0): IndexedTransfer[] {
  if (!frame || frame.error) return []
  const own: IndexedTransfer[] = []
  const amount = frame.value ? BigInt(frame.value) : 0n
  // Depth 0 is the transaction's own value; DELEGATECALL and CALLCODE keep value where it is.
  const moves = !['DELEGATECALL', 'CALLCODE', 'STATICCALL'].includes(frame.type)
  if (depth > 0 && moves && amount > 0n && frame.to) {
    own.push({ token: null, from: frame.from.toLowerCase(), to: frame.to.toLowerCase(), amount })
  }
  return [...own, ...(frame.calls ?? []).flatMap((call) => callValues(call, depth + 1))]
}

/**
 * Without traces: what a router call that unwraps WETH forwards to its `to` argument, the amount
 * of the router's WETH Withdrawal.
 */
function etherForwarded(
  transaction: RpcTransaction,
  logs: RpcLog[],
  context: ReadContext,
): IndexedTransfer[] {
  const router = context.router
  if (!router || transaction.to?.toLowerCase() !== router) return []
  const unwrapped = logs
    .filter(
      (log) =>
        log.address.toLowerCase() === context.weth &&
        log.topics[0] === WITHDRAWAL_TOPIC &&
        log.topics[1] !== undefined &&
        topicAddress(log.topics[1]) === router,
    )
    .reduce((sum, log) => sum + BigInt(log.data), 0n)
  if (unwrapped === 0n) return []
  const word = ETHER_OUT_TO_WORD.get(transaction.input.slice(0, 10).toLowerCase())
  if (word === undefined) return []
  const start = 10 + word * 64
  const to = transaction.input.slice(start, start + 64)
  if (to.length !== 64) return []
  return [{ token: null, from: router, to: `0x${to.slice(24)}`.toLowerCase(), amount: unwrapped }]
}
