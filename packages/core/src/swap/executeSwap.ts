import type { CaipAddress } from '@latch/protocol'
import type { ApiClient } from '../api/client.ts'
import type { EvmAdapter } from '../chains/evm/index.ts'
import { checkApproval, checkSwapTransaction, type SwapSide } from './checkTransactions.ts'
import { TransactionRevertedError } from './errors.ts'

export type ExecuteSwapDeps = {
  api: Pick<ApiClient, 'buildApprove' | 'buildTransaction'>
  evm: Pick<EvmAdapter, 'sendTransaction' | 'waitForTransaction'>
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
 * build-transaction -> the wallet sends it -> wait until mined. Each transaction the server builds
 * is checked against the plan before the wallet sees it (see checkTransactions).
 * The wallet declining throws its UserRejectedError; nothing further is sent.
 * @example const { hash } = await executeSwap({ api, evm, onStep }, plan)
 */
export async function executeSwap(
  deps: ExecuteSwapDeps,
  plan: SwapPlan,
): Promise<{ hash: `0x${string}`; approvalHash?: `0x${string}` }> {
  const { api, evm } = deps
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
  if (!plan.from.native && plan.allowance < plan.amount) {
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
