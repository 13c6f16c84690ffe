import { nativeShortfall, type WalletRpcCost } from '@latch/protocol'
import type { Address } from 'viem'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import { type SmartAccountChain, smartAccountAddress } from '../smartAccount/chains.ts'
import { userOperationCost } from '../smartAccount/userOperations.ts'
import { onChain } from './chainError.ts'
import { knownContracts } from './knownContracts.ts'
import { smartAccountCalls } from './smartAccountRpc.ts'

/**
 * What a transaction or batch of the user's smart account would take from its balance: the value
 * of its calls and the most its one user operation may pay (its prefund), estimated by the
 * bundler. An operation the bundler refuses (it would revert) has no fee, with the reason.
 */
export async function smartAccountCost(
  chain: ChainClient,
  smart: SmartAccountChain,
  owner: Address,
  request: { method: string; params?: unknown },
): Promise<WalletRpcCost> {
  const calls = smartAccountCalls(request.method, request.params, chain.config.chainId)
  const value = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
  const sender = smartAccountAddress(smart, owner)
  const balance = await onChain(() => chain.client.getBalance({ address: sender }))
  let fee: bigint | null = null
  let feeError: string | undefined
  let operation: { gas: bigint; maxFeePerGas: bigint } | undefined
  try {
    operation = await userOperationCost(smart, chain, owner, calls)
    fee = operation.gas * operation.maxFeePerGas
  } catch (error) {
    // Only a refusal has a reason to show; a bundler or chain that did not answer is a 503.
    if (!(error instanceof HttpError) || error.statusCode !== 400) throw error
    feeError = error.message
  }
  const { chainId, name, nativeCurrency } = chain.config
  return {
    network: { chainId, name },
    currency: { symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    balance: balance.toString(),
    value: value.toString(),
    fee: fee === null ? null : fee.toString(),
    ...(feeError !== undefined && { feeError }),
    shortfall: nativeShortfall(balance, { value, fee: fee ?? undefined }).toString(),
    ...(operation && {
      gas: operation.gas.toString(),
      maxFeePerGas: operation.maxFeePerGas.toString(),
    }),
    ...knownContracts(chain.config),
  }
}
