import { type Chain, type Client, numberToHex, type Transport } from 'viem'
import { createBundlerClient, UserOperationReceiptNotFoundError } from 'viem/account-abstraction'
import type { ChainClient } from '../../chains/clients.ts'
import type { SmartAccountChain } from '../smartAccount/chains.ts'
import { onBundler } from '../smartAccount/errors.ts'
import { CALLS_STATUS, type CallsStatus, toReceipt } from './getCallsStatus.ts'

/**
 * wallet_getCallsStatus of a smart account's batch: pending until the bundler has the user
 * operation's receipt; then confirmed or reverted as a whole (the calls are one operation), with
 * the transaction that carried it and the operation's own logs.
 */
export async function userOperationCallsStatus(
  smart: SmartAccountChain,
  chain: ChainClient,
  id: string,
  userOperationHash: `0x${string}`,
): Promise<CallsStatus> {
  const base = {
    version: '2.0.0' as const,
    id,
    chainId: numberToHex(chain.config.chainId),
    atomic: true,
  }
  const bundler = createBundlerClient({
    client: chain.client as Client<Transport, Chain>,
    transport: smart.bundler,
  })
  const receipt = await onBundler(() =>
    bundler.getUserOperationReceipt({ hash: userOperationHash }).catch((error: unknown) => {
      if (error instanceof UserOperationReceiptNotFoundError) return undefined
      throw error
    }),
  )
  if (!receipt) return { ...base, status: CALLS_STATUS.pending }
  // The transaction's fields, with the operation's own logs (the bundle may carry others).
  const carried = toReceipt({ ...receipt.receipt, logs: receipt.logs })
  return {
    ...base,
    status: receipt.success ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
    receipts: [{ ...carried, status: receipt.success ? '0x1' : '0x0' }],
  }
}
