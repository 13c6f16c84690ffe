import { type Address, type Hex, maxUint256 } from 'viem'
import { suggestGasPrices } from '../chains/gasPrice.ts'
import { HttpError } from '../errors.ts'
import { requireGasFunds } from './buildSwapTransaction.ts'
import { approveCalldata } from './calldata.ts'
import { EstimateRefusedError, estimateGasWithMargin } from './estimateGas.ts'
import type { SwapRequest } from './swapChain.ts'

/** An ERC-20 approval as a transaction to sign. */
export type BuiltApproval = { token: Address; data: Hex; gas: bigint; gasPrice: bigint }

/**
 * Builds `approve(router, amount)` on the token the swap sells, unlimited (2^256 - 1) without an
 * amount, with gas from eth_estimateGas from the user (plus a margin) and the chain's `fast` gas
 * price. Selling the native coin needs no approval, and the native coin held must pay the gas:
 * else a 400.
 */
export async function buildApproveTransaction(
  request: SwapRequest,
  amount: bigint | undefined,
): Promise<BuiltApproval> {
  const { swapChain, user, from } = request
  if (from.native)
    throw new HttpError(400, `${from.symbol} is the native coin: it needs no approval`)
  const data = approveCalldata(swapChain.router, amount ?? maxUint256)
  const client = swapChain.chain.client
  const [gas, prices, held] = await Promise.all([
    estimateGasWithMargin(client, { from: user, to: from.pathAddress, data, value: 0n }).catch(
      (error: unknown) => {
        throw error instanceof EstimateRefusedError
          ? new HttpError(400, `The approval would fail: ${error.reason}`)
          : error
      },
    ),
    suggestGasPrices(client),
    client.getBalance({ address: user }),
  ])
  requireGasFunds(swapChain, held, 0n, gas * prices.fast)
  return { token: from.pathAddress, data, gas, gasPrice: prices.fast }
}
