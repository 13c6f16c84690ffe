import type { CaipNetworkId } from '@latch/protocol'
import type { Transfer, TransferFee, TransferTools } from './types.ts'

/** A sender's tools answering fixed figures, with what was asked written down. */
export function transferToolsFixture(
  caipNetworkId: CaipNetworkId,
  address: string,
  answers: { balance?: bigint; fee?: TransferFee; gas?: bigint; maxFeePerGas?: bigint } = {},
) {
  const estimates: unknown[] = []
  const fees: Transfer[] = []
  const tools: TransferTools = {
    address,
    caipNetworkId,
    estimateFee: async (transaction) => {
      estimates.push(transaction)
      return { gas: answers.gas ?? 21_000n, maxFeePerGas: answers.maxFeePerGas ?? 1n }
    },
    transferFee: async (transfer) => {
      fees.push(transfer)
      return answers.fee ?? { fee: 1000n }
    },
    nativeBalance: async () => answers.balance ?? 10n ** 18n,
  }
  return { tools, estimates, fees }
}
