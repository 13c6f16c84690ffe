import { type JsonRpcError, RPC_ERROR_CODES } from '@latch/protocol'

/**
 * Methods the gateway forwards: reads, gas estimates and already-signed transactions. Anything
 * that needs an account on the node (eth_sendTransaction, eth_sign, ...) or changes the node
 * (anvil_*, evm_*, debug_*, ...) is left out, so a page can never drive the node's own keys.
 */
export const ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getLogs',
  'eth_getProof',
  'eth_syncing',
  'eth_chainId',
  'eth_protocolVersion',
  'net_version',
  'net_listening',
  'web3_clientVersion',
  'web3_sha3',
  'eth_sendRawTransaction',
])

/** Widest numeric block range an eth_getLogs call may ask for; wider scans cost the node too much. */
export const GET_LOGS_MAX_BLOCK_RANGE = 10_000

/**
 * What a chain family's gateway forwards and answers itself: its allowlist, the answers that
 * never change for a configured chain, limits on a call's parameters, and which upstream answers
 * can be kept.
 */
export interface GatewayMethods {
  readonly allowed: ReadonlySet<string>
  /** The in-band refusal of a method off the allowlist; default methodNotAllowed's. */
  notAllowed?(method: string): JsonRpcError
  localAnswer(method: string): unknown
  check(method: string, params: unknown): JsonRpcError | undefined
  isImmutable(method: string, result: unknown): boolean
}

/** An EVM chain's gateway methods. */
export function evmMethods(chainId: number): GatewayMethods {
  return {
    allowed: ALLOWED_METHODS,
    localAnswer: (method) => localAnswer(method, chainId),
    check: (method, params) => (method === 'eth_getLogs' ? checkGetLogsRange(params) : undefined),
    isImmutable: isImmutableAnswer,
  }
}

/** The in-band error for a method the gateway does not forward. */
export function methodNotAllowed(method: string): JsonRpcError {
  return {
    code: RPC_ERROR_CODES.methodNotFound,
    message: `Method ${method} is not allowed on the gateway`,
  }
}

/** Answers the gateway gives itself: the chain id never changes for a configured chain. */
export function localAnswer(method: string, chainId: number): string | undefined {
  if (method === 'eth_chainId') return `0x${chainId.toString(16)}`
  if (method === 'net_version') return String(chainId)
  return undefined
}

function blockNumberOf(tag: unknown): number | undefined {
  if (tag === 'earliest') return 0
  if (typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag)) return Number.parseInt(tag, 16)
  return undefined
}

/**
 * Refuses an eth_getLogs whose numeric range is wider than GET_LOGS_MAX_BLOCK_RANGE. The blockHash
 * form is one block; a range ending at a tag ('latest', ...) is let through, as its width is not
 * known without asking the node.
 */
export function checkGetLogsRange(params: unknown): JsonRpcError | undefined {
  const filter = Array.isArray(params) ? params[0] : undefined
  if (!filter || typeof filter !== 'object') return undefined
  const { fromBlock, toBlock, blockHash } = filter as Record<string, unknown>
  if (blockHash !== undefined) return undefined
  const from = blockNumberOf(fromBlock)
  const to = blockNumberOf(toBlock)
  if (from === undefined || to === undefined) return undefined
  const width = to - from + 1
  if (width <= GET_LOGS_MAX_BLOCK_RANGE) return undefined
  return {
    code: RPC_ERROR_CODES.limitExceeded,
    message: `eth_getLogs block range is ${width} blocks; the gateway allows at most ${GET_LOGS_MAX_BLOCK_RANGE} (narrow it or use blockHash)`,
  }
}

/** Whether an answer can never change: a block by hash, a mined receipt or transaction. */
export function isImmutableAnswer(method: string, result: unknown): boolean {
  if (result === null || typeof result !== 'object') return false
  if (method === 'eth_getBlockByHash' || method === 'eth_getTransactionReceipt') return true
  if (method === 'eth_getTransactionByHash') {
    return typeof (result as { blockHash?: unknown }).blockHash === 'string'
  }
  return false
}
