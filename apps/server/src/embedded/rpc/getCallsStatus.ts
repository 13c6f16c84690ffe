import {
  type Hex,
  numberToHex,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import { z } from 'zod'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import { decodeCallsId, decodeUserOperationCallsId } from './callsId.ts'
import { chainError } from './chainError.ts'
import { parseParams } from './params.ts'

/** EIP-5792 status codes: pending, confirmed, reverted entirely, reverted in part. */
export const CALLS_STATUS = { pending: 100, confirmed: 200, reverted: 500, partiallyReverted: 600 }

export type CallsStatus = {
  version: '2.0.0'
  id: string
  chainId: Hex
  status: number
  /** A smart account's batch is one user operation: all its calls happen, or none. */
  atomic: boolean
  receipts?: {
    logs: { address: Hex; data: Hex; topics: Hex[] }[]
    status: Hex
    blockHash: Hex
    blockNumber: Hex
    gasUsed: Hex
    transactionHash: Hex
  }[]
}

export const toReceipt = (receipt: TransactionReceipt) => ({
  logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
  status: receipt.status === 'success' ? ('0x1' as Hex) : ('0x0' as Hex),
  blockHash: receipt.blockHash,
  blockNumber: numberToHex(receipt.blockNumber),
  gasUsed: numberToHex(receipt.gasUsed),
  transactionHash: receipt.transactionHash,
})

/** The chain a batch id names (wallet_getCallsStatus runs there, whatever the call's chainId). */
export function callsStatusChainId(params: unknown): number | undefined {
  const [id] = Array.isArray(params) ? params : []
  if (typeof id !== 'string') return undefined
  return (decodeUserOperationCallsId(id) ?? decodeCallsId(id)).chainId
}

/** wallet_getCallsStatus [id]: the receipts of a batch from wallet_sendCalls, once all are mined. */
export async function getCallsStatus(
  chains: Map<number, ChainClient>,
  params: unknown,
): Promise<CallsStatus> {
  const [id] = parseParams('wallet_getCallsStatus', z.tuple([z.string().max(4096)]), params)
  const { chainId, hashes } = decodeCallsId(id)
  const chain = chains.get(chainId)
  if (!chain) throw new HttpError(400, 'Unsupported chain')
  const receipts = await Promise.all(
    hashes.map(async (hash) => {
      try {
        return await chain.client.getTransactionReceipt({ hash })
      } catch (error) {
        // Not mined yet: a pending call, not a failure.
        if (error instanceof TransactionReceiptNotFoundError) return undefined
        throw chainError(error)
      }
    }),
  )
  const base = {
    version: '2.0.0' as const,
    id,
    chainId: numberToHex(chainId),
    atomic: false as const,
  }
  if (receipts.some((receipt) => !receipt)) return { ...base, status: CALLS_STATUS.pending }
  const mined = receipts as TransactionReceipt[]
  const succeeded = mined.filter((receipt) => receipt.status === 'success').length
  const status =
    succeeded === mined.length
      ? CALLS_STATUS.confirmed
      : succeeded === 0
        ? CALLS_STATUS.reverted
        : CALLS_STATUS.partiallyReverted
  return { ...base, status, receipts: mined.map(toReceipt) }
}
