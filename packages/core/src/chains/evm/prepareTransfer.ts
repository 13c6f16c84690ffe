import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { LatchError } from '../../errors.ts'
import { evmChecksumRefusal } from '../../validation/evmReceiver.ts'
import { evmChainIdOf } from '../serves.ts'
import type { TransferPreparation, TransferTools } from '../types.ts'

type Address = `0x${string}`

/** A transfer as an EVM transaction: the coin sent as value, or an ERC-20 `transfer` call. */
function transactionOf(to: string, amount: bigint, token: string | undefined) {
  if (!token) return { to: to as Address, value: amount }
  const data: Hex = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Address, amount],
  })
  return { to: token as Address, value: 0n, data }
}

/** Gas of a transaction from the sender, and the highest price per gas it may pay. */
const estimateGas = (tools: TransferTools, transaction: ReturnType<typeof transactionOf>) =>
  tools.estimateFee({
    from: tools.address as Address,
    chainId: evmChainIdOf(tools.caipNetworkId),
    ...transaction,
  })

/** The most a transaction may cost: its gas at the highest price per gas. */
async function gasFee(tools: TransferTools, transaction: ReturnType<typeof transactionOf>) {
  const { gas, maxFeePerGas } = await estimateGas(tools, transaction)
  return { fee: gas * maxFeePerGas }
}

/** The contract of a token named by its CAIP-10 id (`eip155:1:0x...`). */
const contractOf = (token: string | undefined) => token?.split(':')[2]

/**
 * EVM's part of a send: receivers checked as addresses (their checksum when mixed case) or names
 * looked up, and fees as gas x the highest price per gas, the most the transaction may cost.
 */
export const evmTransferPreparation: TransferPreparation = {
  async check(draft, { caipNetworkId }) {
    // viem's ABI encoder and the checksum check load with the first send.
    const { evmTransfer } = await import('./validateSend.ts')
    return evmTransfer(draft, caipNetworkId)
  },
  resolvesNames: true,
  // Nothing of the token sent to the account itself: about the gas any transfer of it takes.
  formFee: (token, tools) => gasFee(tools, transactionOf(tools.address, 0n, token)),
  reviewFee: (transfer, tools) =>
    gasFee(tools, transactionOf(transfer.to, transfer.amount, contractOf(transfer.token))),
  async maxNative(_draft, tools) {
    // The native coin pays for the transfer itself: its fee is kept back, twice over.
    try {
      const [{ maxNativeSend }, held, { gas, maxFeePerGas }] = await Promise.all([
        import('./validateSend.ts'),
        tools.nativeBalance(),
        estimateGas(tools, transactionOf(tools.address, 0n, undefined)),
      ])
      return maxNativeSend(held, maxFeePerGas, gas)
    } catch {
      throw new LatchError('Gas price unavailable: enter an amount')
    }
  },
  receiverRefusal: evmChecksumRefusal,
}
