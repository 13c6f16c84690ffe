import { setTimeout as sleep } from 'node:timers/promises'
import { WalletRpcError } from '../errors.ts'
import { forwardRpc, RpcUnreachableError } from '../rpc.ts'

export type Commitment = 'processed' | 'confirmed' | 'finalized'

export type SendOptions = {
  preflightCommitment?: Commitment
  minContextSlot?: number
  skipPreflight?: boolean
  maxRetries?: number
  /** When given, the send resolves only once the transaction reached this commitment. */
  commitment?: Commitment
}

const LEVELS: Commitment[] = ['processed', 'confirmed', 'finalized']
const CONFIRM_TIMEOUT_MS = 30_000
const POLL_MS = 100

/** One Solana JSON-RPC call; an unreachable node becomes an error that names its URL. */
async function call(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  try {
    return await forwardRpc(rpcUrl, method, params)
  } catch (error) {
    if (error instanceof RpcUnreachableError) {
      throw new WalletRpcError(-32603, `The Solana RPC ${rpcUrl} is unreachable.`)
    }
    throw error
  }
}

/**
 * Sends signed wire bytes with `sendTransaction` and returns the signature the node reports.
 * The node's own error (a failed preflight, a stale blockhash) reaches the caller as it said it.
 */
export async function sendWireTransaction(
  rpcUrl: string,
  signed: Uint8Array,
  options: SendOptions = {},
): Promise<string> {
  const config: Record<string, unknown> = { encoding: 'base64' }
  if (options.skipPreflight !== undefined) config.skipPreflight = options.skipPreflight
  if (options.preflightCommitment) config.preflightCommitment = options.preflightCommitment
  if (options.maxRetries !== undefined) config.maxRetries = options.maxRetries
  if (options.minContextSlot !== undefined) config.minContextSlot = options.minContextSlot
  const signature = await call(rpcUrl, 'sendTransaction', [
    Buffer.from(signed).toString('base64'),
    config,
  ])
  if (typeof signature !== 'string') {
    throw new WalletRpcError(-32603, 'The Solana RPC answered sendTransaction without a signature.')
  }
  if (options.commitment) await confirm(rpcUrl, signature, options.commitment)
  return signature
}

type SignatureStatus = { err: unknown; confirmationStatus?: Commitment | null } | null

/** Waits until `signature` reaches `commitment`; a transaction that failed on chain throws. */
async function confirm(rpcUrl: string, signature: string, commitment: Commitment): Promise<void> {
  const wanted = LEVELS.indexOf(commitment)
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  for (;;) {
    const answer = (await call(rpcUrl, 'getSignatureStatuses', [[signature]])) as {
      value: SignatureStatus[]
    }
    const status = answer.value[0]
    if (status?.err) {
      throw new WalletRpcError(-32002, `Transaction ${signature} failed`, { err: status.err })
    }
    if (status && LEVELS.indexOf(status.confirmationStatus ?? 'processed') >= wanted) return
    if (Date.now() > deadline) {
      throw new WalletRpcError(-32603, `Transaction ${signature} was not ${commitment} in time.`)
    }
    await sleep(POLL_MS)
  }
}
