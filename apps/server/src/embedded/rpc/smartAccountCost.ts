import { nativeShortfall, type WalletRpcCost } from '@latch/protocol'
import type { Address } from 'viem'
import { entryPoint08Address, type UserOperation } from 'viem/account-abstraction'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import type { EmbeddedContext } from '../context.ts'
import { type SmartAccountChain, smartAccountAddress } from '../smartAccount/chains.ts'
import { sponsorshipNoticeOf, sponsorshipRefusalIn } from '../smartAccount/sponsor.ts'
import { type Sponsorship, userOperationCost } from '../smartAccount/userOperations.ts'
import { onChain } from './chainError.ts'
import { knownContracts } from './knownContracts.ts'
import { smartAccountCalls, sponsorshipFor } from './smartAccountRpc.ts'

/** Whether the sponsor would pay for the operation: its name, or why not. */
async function sponsorshipOf(
  sponsorship: Sponsorship,
  operation: UserOperation<'0.8'>,
  chainId: number,
): Promise<{ sponsor: string } | { sponsorshipNotice: string } | undefined> {
  try {
    // The policy's early check (no budget is reserved before the operation is signed).
    const stub = await sponsorship.getPaymasterStubData({
      ...operation,
      chainId,
      entryPointAddress: entryPoint08Address,
    })
    return { sponsor: stub.sponsor?.name ?? 'this site' }
  } catch (error) {
    const reason = sponsorshipRefusalIn(error)
    const notice = reason && sponsorshipNoticeOf(reason)
    // A sponsor that could not be asked, or a site that sponsors nothing, says nothing.
    return notice ? { sponsorshipNotice: notice } : undefined
  }
}

/**
 * What a transaction or batch of the user's smart account would take from its balance: the value
 * of its calls and the most its one user operation may pay (its prefund), estimated by the
 * bundler; nothing for the fee where the site's project sponsors the operation (who pays is
 * named), and why not where it could have. An operation the bundler refuses (it would revert)
 * has no fee, with the reason.
 */
export async function smartAccountCost(
  context: Pick<EmbeddedContext, 'sponsor' | 'projects'>,
  chain: ChainClient,
  smart: SmartAccountChain,
  owner: Address,
  request: { method: string; params?: unknown; projectId?: string | undefined },
): Promise<WalletRpcCost> {
  const { chainId, name, nativeCurrency } = chain.config
  const calls = smartAccountCalls(request.method, request.params, chainId)
  const value = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
  const sender = smartAccountAddress(smart, owner)
  const balance = await onChain(() => chain.client.getBalance({ address: sender }))
  let fee: bigint | null = null
  let feeError: string | undefined
  let estimate: Awaited<ReturnType<typeof userOperationCost>> | undefined
  try {
    estimate = await userOperationCost(smart, chain, owner, calls)
    fee = estimate.gas * estimate.maxFeePerGas
  } catch (error) {
    // Only a refusal has a reason to show; a bundler or chain that did not answer is a 503.
    if (!(error instanceof HttpError) || error.statusCode !== 400) throw error
    feeError = error.message
  }
  const sponsorship = await sponsorshipFor(context, request.projectId, chainId, owner)
  const sponsored =
    sponsorship && estimate
      ? await sponsorshipOf(sponsorship, estimate.operation, chainId)
      : undefined
  const paidBySponsor = sponsored !== undefined && 'sponsor' in sponsored
  return {
    network: { chainId, name },
    currency: { symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    balance: balance.toString(),
    value: value.toString(),
    fee: fee === null ? null : fee.toString(),
    ...(feeError !== undefined && { feeError }),
    // A sponsored fee is not the account's to pay: only the value must be there.
    shortfall: nativeShortfall(balance, {
      value,
      fee: paidBySponsor ? 0n : (fee ?? undefined),
    }).toString(),
    ...(estimate && {
      gas: estimate.gas.toString(),
      // What the account pays per gas: nothing when the site pays.
      maxFeePerGas: paidBySponsor ? '0' : estimate.maxFeePerGas.toString(),
    }),
    ...sponsored,
    ...knownContracts(chain.config),
  }
}
