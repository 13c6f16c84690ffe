import { encodeBatchExecute } from '@latch/protocol/latch-account'
import {
  type Address,
  type Chain,
  type Hex,
  type http,
  isAddress,
  isHex,
  type LocalAccount,
  toHex,
  type WalletClient,
} from 'viem'
import { invalidParams, WalletRpcError } from './errors.ts'
import { isRecord } from './params.ts'
import type { WalletRequest } from './wallet.ts'

/** EIP-5792's own error codes the wallet answers with. */
const UNSUPPORTED_CHAIN = 5710
const UNKNOWN_BUNDLE = 5730

type Call = { to: Address; value: bigint; data: Hex }

/** wallet_sendCalls' one parameter: the chain and the calls (the rest is not needed here). */
function sendCallsParam(value: unknown): { chainId: number; from?: unknown; calls: Call[] } {
  if (!isRecord(value)) throw invalidParams('expected [{ chainId, calls }]')
  if (typeof value.chainId !== 'string' || !isHex(value.chainId))
    throw invalidParams('chainId must be a hex quantity')
  if (!Array.isArray(value.calls) || value.calls.length === 0)
    throw invalidParams('calls must be a non-empty array')
  const calls = value.calls.map((call, index): Call => {
    if (!isRecord(call) || typeof call.to !== 'string' || !isAddress(call.to, { strict: false }))
      throw invalidParams(`calls[${index}].to must be an address`)
    const data = call.data ?? '0x'
    if (typeof data !== 'string' || !isHex(data)) throw invalidParams(`calls[${index}].data`)
    const amount = call.value ?? '0x0'
    if (typeof amount !== 'string' || !isHex(amount)) throw invalidParams(`calls[${index}].value`)
    return { to: call.to, value: BigInt(amount), data }
  })
  return { chainId: Number(value.chainId), from: value.from, calls }
}

type Deps = {
  account: LocalAccount
  /** The code the account delegates to (EIP-7702): an ERC-7821 executor. */
  executor: Address
  chainIds: () => number[]
  currentChainId: () => number
  client: () => WalletClient<ReturnType<typeof http>, Chain, LocalAccount>
  forward: (method: string, params: unknown[]) => Promise<unknown>
  ask: (request: WalletRequest) => Promise<void>
  requireConnected: (origin: string) => void
  requireOwnAddress: (value: unknown) => void
  sendSerialized: <T>(task: () => Promise<T>) => Promise<T>
}

/**
 * EIP-5792 for the test wallet, as a wallet on an EIP-7702 account does it: the batch is one
 * transaction from the account to itself, through the executor it delegates to (the first batch
 * signs that delegation along). Atomic: one failing call reverts them all.
 */
export function batchHandlers(
  deps: Deps,
): Record<string, (request: WalletRequest) => Promise<unknown>> {
  const sent = new Map<string, number>()
  const designator = `0xef0100${deps.executor.slice(2)}`.toLowerCase()
  return {
    wallet_getCapabilities: async () =>
      Object.fromEntries(
        deps.chainIds().map((chainId) => [toHex(chainId), { atomic: { status: 'supported' } }]),
      ),

    wallet_sendCalls: async (request) => {
      deps.requireConnected(request.origin)
      const batch = sendCallsParam(request.params[0])
      if (batch.from !== undefined) deps.requireOwnAddress(batch.from)
      if (batch.chainId !== deps.currentChainId())
        throw new WalletRpcError(
          UNSUPPORTED_CHAIN,
          `Chain ${batch.chainId} is not the wallet's current chain`,
        )
      await deps.ask(request)
      const client = deps.client()
      const data = encodeBatchExecute(batch.calls)
      const hash = await deps.sendSerialized(async () => {
        const code = await deps.forward('eth_getCode', [deps.account.address, 'latest'])
        const delegated = typeof code === 'string' && code.toLowerCase() === designator
        const authorizationList = delegated
          ? undefined
          : [await client.signAuthorization({ contractAddress: deps.executor, executor: 'self' })]
        return client.sendTransaction({
          account: deps.account,
          chain: client.chain,
          to: deps.account.address,
          data,
          ...(authorizationList ? { authorizationList } : {}),
        })
      })
      sent.set(hash, batch.chainId)
      return { id: hash }
    },

    wallet_getCallsStatus: async (request) => {
      const id = request.params[0]
      const chainId = typeof id === 'string' ? sent.get(id) : undefined
      if (chainId === undefined) throw new WalletRpcError(UNKNOWN_BUNDLE, 'Unknown bundle id')
      const receipt = (await deps.forward('eth_getTransactionReceipt', [id])) as {
        status: Hex
        logs: unknown[]
        blockHash: Hex
        blockNumber: Hex
        gasUsed: Hex
        transactionHash: Hex
      } | null
      return {
        version: '2.0.0',
        id,
        chainId: toHex(chainId),
        atomic: true,
        // 100: pending; 200: in a block; 500: reverted on chain, nothing of it applied.
        status: receipt ? (receipt.status === '0x1' ? 200 : 500) : 100,
        receipts: receipt
          ? [
              {
                logs: receipt.logs,
                status: receipt.status,
                blockHash: receipt.blockHash,
                blockNumber: receipt.blockNumber,
                gasUsed: receipt.gasUsed,
                transactionHash: receipt.transactionHash,
              },
            ]
          : [],
      }
    },
  }
}
