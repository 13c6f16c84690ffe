// Signing, sending and fee estimates pull in most of viem's transaction code: loaded on first use,
// not at start.
import { type Config, estimateFeesPerGas, estimateGas, getGasPrice } from '@wagmi/core'
import type { Address, Hex } from 'viem'
import { isNetworkFailure } from '../../errorChain.ts'

export {
  getCapabilities,
  sendCalls,
  sendTransaction,
  signMessage,
  waitForCallsStatus,
  waitForTransactionReceipt,
} from '@wagmi/core'

/**
 * Gas of a transaction from `from` (read through the site's RPC, not the wallet) and the highest
 * price per gas it may pay.
 */
export async function estimateFee(
  config: Config,
  transaction: { from: Address; to: Address; value: bigint; data?: Hex; chainId: number },
): Promise<{ gas: bigint; maxFeePerGas: bigint }> {
  const { from, to, value, data, chainId } = transaction
  const [gas, maxFeePerGas] = await Promise.all([
    estimateGas(config, { account: from, to, value, ...(data ? { data } : {}), chainId }),
    estimateFeesPerGas(config, { chainId }).then(
      (fees) => fees.maxFeePerGas,
      // A chain without EIP-1559 fees (or a node refusing the call): its legacy gas price. A
      // node that did not answer would not answer that either: the outage is the error.
      (error: unknown) => {
        if (isNetworkFailure(error)) throw error
        return getGasPrice(config, { chainId })
      },
    ),
  ])
  return { gas, maxFeePerGas }
}
