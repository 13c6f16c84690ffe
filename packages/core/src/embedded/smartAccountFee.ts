import type { ConnectedUser } from '@latch/protocol/frame'
import type { FrameClient } from './types.ts'

/** A transaction whose fee a wallet may estimate itself. */
export type WalletFeeRequest = {
  from: `0x${string}`
  to: `0x${string}`
  value: bigint
  data?: `0x${string}`
  chainId: number
}

/**
 * The gas and highest price per gas of a transaction from the user's smart account, as the
 * server's bundler estimates its user operation (asked through the frame); undefined for any
 * other sender, which the chain estimates as for any wallet.
 */
export async function smartAccountFee(
  user: ConnectedUser | undefined,
  transaction: WalletFeeRequest,
  frame: () => Promise<FrameClient>,
): Promise<{ gas: bigint; maxFeePerGas: bigint } | undefined> {
  const smart = user?.accounts.find((account) => account.type === 'smartAccount')
  if (!smart || smart.address.toLowerCase() !== transaction.from.toLowerCase()) return undefined
  const estimate = await (await frame()).request('ESTIMATE_FEE', {
    transaction: {
      from: transaction.from,
      to: transaction.to,
      value: `0x${transaction.value.toString(16)}`,
      ...(transaction.data ? { data: transaction.data } : {}),
    },
    chainId: transaction.chainId,
  })
  return estimate
    ? { gas: BigInt(estimate.gas), maxFeePerGas: BigInt(estimate.maxFeePerGas) }
    : undefined
}
