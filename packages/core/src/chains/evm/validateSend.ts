import type { CaipNetworkId } from '@latch/protocol/caip'
import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { LatchError } from '../../errors.ts'
import { parseEvmReceiver } from '../../validation/evmReceiver.ts'
import { parseAmount, requiredFields } from '../../validation/sendFields.ts'
import type { Transfer, TransferDraft } from '../types.ts'

/** The transaction a valid SendRequest becomes. */
export type SendTransaction = {
  to: Address
  value: bigint
  data?: Hex
  receiver: Address
  amount: bigint
}

/**
 * Checks a send (token, amount, receiver) and builds its transaction: a native transfer, or an ERC-20
 * `transfer(receiver, amount)`. The receiver is an EVM address with or without 0x, in one case or
 * in its EIP-55 checksum's.
 * @throws LatchError 'A token is required', 'An amount and receiver address are required', ...
 * @example validateSend({ token: eth, amount: '0.1', receiver: '70997970c5...' })
 */
export function validateSend(request: TransferDraft): SendTransaction {
  const { token, amountText, receiverText } = requiredFields(request)
  if (
    request.gasPrice !== undefined &&
    (request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined)
  ) {
    throw new LatchError('gasPrice cannot be combined with maxFeePerGas or maxPriorityFeePerGas', {
      details: 'Use gasPrice for a legacy transaction, or the two EIP-1559 fields, not both.',
    })
  }
  const receiver = parseEvmReceiver(receiverText)
  const amount = parseAmount(amountText, token)
  const tokenAddress = token.address as Address | undefined
  if (!tokenAddress) return { to: receiver, value: amount, receiver, amount }
  return {
    to: tokenAddress,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }),
    receiver,
    amount,
  }
}

/**
 * A send checked by the EVM rules, as the transfer the EVM adapter sends: the receiver in its
 * checksum's case, the amount in the token's smallest unit, the token by its CAIP-10 id.
 * @example evmTransfer({ token: usdc, amount: '1.5', receiver: '0x7099...' }, 'eip155:1')
 */
export function evmTransfer(draft: TransferDraft, caipNetworkId: CaipNetworkId): Transfer {
  const { receiver, amount } = validateSend(draft)
  const token = draft.token?.address
  return { to: receiver, amount, ...(token ? { token: `${caipNetworkId}:${token}` as const } : {}) }
}

/**
 * The most of the native coin a send can move: the balance less the gas of the transfer itself,
 * at the given gas price with a 2x margin for a rising base fee.
 */
export function maxNativeSend(balance: bigint, gasPrice: bigint, gasLimit = 21_000n): bigint {
  const reserve = gasLimit * gasPrice * 2n
  return balance > reserve ? balance - reserve : 0n
}
