import type { CaipAddress } from '@latch/protocol'
import type { ApiClient } from '../api/client.ts'
import type { EvmAdapter } from '../chains/evm/index.ts'
import { checkApproval, checkSwapTransaction, type SwapSide } from './checkTransactions.ts'
import { TransactionRevertedError } from './errors.ts'

export type ExecuteSwapDeps = {
  api: Pick<ApiClient, 'buildApprove' | 'buildTransaction'>
  /**
   * The wallet's calls; with its batch calls, a wallet that batches atomically (a smart account,
   * EIP-5792) sends the approval and the swap together.
   */
  evm: Pick<EvmAdapter, 'sendTransaction' | 'waitForTransaction'> &
    Partial<Pick<EvmAdapter, 'supportsAtomicBatch' | 'sendAtomicBatch' | 'waitForBatch'>>
  /** Told when the approval, then the swap, goes to the wallet. */
  onStep(step: 'approving' | 'swapping'): void
  /** Told once the approval is mined: the router may now spend `amount`. */
  onApproved?(): void
  /** Told once the wallet sent the swap. */
  onSent?(hash: `0x${string}`): void
}

/** A reviewed swap: what to sell and buy, and what the user was shown. */
export type SwapPlan = {
  /** The EVM chain id the wallet sends on. */
  chainId: number
  /** CAIP-10 account that swaps and receives. */
  user: CaipAddress
  from: SwapSide
  to: SwapSide
  /** Amount of `from` to sell, in its smallest unit. */
  amount: bigint
  /** Slippage tolerance in percent. */
  slippage: number
  /** The least the user was shown they would get (the quote less the slippage). */
  minimumOut: bigint
  /** What the router may already spend of `from`. */
  allowance: bigint
  /** The router, if known from an earlier build; else one build without estimate finds it. */
  router?: CaipAddress
}

const addressOf = (id: CaipAddress) => id.split(':')[2] as `0x${string}`

/**
 * Sends a reviewed swap: when the router may not spend enough of an ERC-20 sold, first
 * build-approve (for exactly the amount) -> the wallet sends it -> wait until mined; then
 * build-transaction -> the wallet sends it -> wait until mined. A wallet that batches atomically
 * gets both at once instead (see swapInOneBatch). Each transaction the server builds is checked
 * against the plan before the wallet sees it (see checkTransactions).
 * The wallet declining throws its UserRejectedError; nothing further is sent.
 * @example const { hash } = await executeSwap({ api, evm, onStep }, plan)
 */
export async function executeSwap(
  deps: ExecuteSwapDeps,
  plan: SwapPlan,
): Promise<{ hash: `0x${string}`; approvalHash?: `0x${string}` }> {
  const { api, evm } = deps
  const needsApproval = !plan.from.native && plan.allowance < plan.amount
  if (needsApproval && (await evm.supportsAtomicBatch?.(plan.chainId))) {
    return swapInOneBatch(deps, plan)
  }
  const request = { userAddress: plan.user, from: plan.from.address, to: plan.to.address }
  const router =
    plan.router ??
    (
      await api.buildTransaction({
        ...request,
        amount: plan.amount.toString(),
        eip155: { slippage: plan.slippage },
        disableEstimate: true,
      })
    ).tx.to

  let approvalHash: `0x${string}` | undefined
  if (needsApproval) {
    deps.onStep('approving')
    const { tx } = await api.buildApprove({ ...request, amount: plan.amount.toString() })
    checkApproval(tx, { token: plan.from.address, router, amount: plan.amount })
    // The approval goes to the token contract, which this API names in `tx.from`; the connected
    // account sends it.
    approvalHash = await evm.sendTransaction({ to: addressOf(tx.from), data: tx.data, value: 0n })
    const mined = await evm.waitForTransaction(approvalHash, plan.chainId)
    if (!mined.success) throw new TransactionRevertedError('Approval', approvalHash)
    deps.onApproved?.()
  }

  deps.onStep('swapping')
  const { tx } = await api.buildTransaction({
    ...request,
    amount: plan.amount.toString(),
    eip155: { slippage: plan.slippage },
  })
  checkSwapTransaction(tx, {
    user: plan.user,
    router,
    from: plan.from,
    to: plan.to,
    amount: plan.amount,
    minimumOut: plan.minimumOut,
  })
  const hash = await evm.sendTransaction({
    to: addressOf(tx.to),
    data: tx.data,
    value: BigInt(tx.amount),
  })
  deps.onSent?.(hash)
  const mined = await evm.waitForTransaction(hash, plan.chainId)
  if (!mined.success) throw new TransactionRevertedError('Swap', hash)
  return approvalHash ? { hash, approvalHash } : { hash }
}

/**
 * The approval and the swap as one atomic batch (wallet_sendCalls): the swap is built without the
 * server's gas estimate (the allowance it needs is set by the same batch), both are checked
 * against the plan, the wallet sends them together, and the batch's one transaction is the swap's.
 */
async function swapInOneBatch(
  deps: ExecuteSwapDeps,
  plan: SwapPlan,
): Promise<{ hash: `0x${string}`; approvalHash: `0x${string}` }> {
  const { api, evm } = deps
  if (!evm.sendAtomicBatch || !evm.waitForBatch)
    throw new TypeError('swapInOneBatch needs the wallet batch calls')
  const request = { userAddress: plan.user, from: plan.from.address, to: plan.to.address }
  deps.onStep('swapping')
  const { tx: swap } = await api.buildTransaction({
    ...request,
    amount: plan.amount.toString(),
    eip155: { slippage: plan.slippage },
    disableEstimate: true,
  })
  const router = plan.router ?? swap.to
  const { tx: approval } = await api.buildApprove({ ...request, amount: plan.amount.toString() })
  checkApproval(approval, { token: plan.from.address, router, amount: plan.amount })
  checkSwapTransaction(swap, {
    user: plan.user,
    router,
    from: plan.from,
    to: plan.to,
    amount: plan.amount,
    minimumOut: plan.minimumOut,
  })
  const id = await evm.sendAtomicBatch(
    [
      { to: addressOf(approval.from), data: approval.data, value: 0n },
      { to: addressOf(swap.to), data: swap.data, value: BigInt(swap.amount) },
    ],
    plan.chainId,
  )
  const landed = await evm.waitForBatch(id)
  // A wallet that gave no receipt still gave the batch's id: the only handle there is on it.
  const hash = landed.transactionHash ?? (id as `0x${string}`)
  if (!landed.success) throw new TransactionRevertedError('Swap', hash)
  deps.onApproved?.()
  deps.onSent?.(hash)
  return { hash, approvalHash: hash }
}
