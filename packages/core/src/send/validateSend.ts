import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, parseUnits } from 'viem'
import { LatchError } from '../errors.ts'
import { isEvmAddress } from '../validation/isEvmAddress.ts'

/** What the visitor asks to send; amount in whole units as typed ('1.5'). */
export type SendRequest = {
  /** The token: its contract for an ERC-20, undefined for the native coin. */
  token?: { address?: Address; decimals: number; symbol: string }
  amount?: string
  receiver?: string
  /** Legacy pricing; cannot be combined with the EIP-1559 fields. */
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
}

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
 * `transfer(receiver, amount)`. The receiver is an EVM address with or without 0x.
 * @throws LatchError 'A token is required', 'An amount and receiver address are required', ...
 * @example validateSend({ token: eth, amount: '0.1', receiver: '70997970c5...' })
 */
export function validateSend(request: SendRequest): SendTransaction {
  if (!request.token) throw new LatchError('A token is required')
  const amountText = request.amount?.trim() ?? ''
  const receiverText = request.receiver?.trim() ?? ''
  if (!amountText || !receiverText)
    throw new LatchError('An amount and receiver address are required')
  if (
    request.gasPrice !== undefined &&
    (request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined)
  ) {
    throw new LatchError('gasPrice cannot be combined with maxFeePerGas or maxPriorityFeePerGas', {
      details: 'Use gasPrice for a legacy transaction, or the two EIP-1559 fields, not both.',
    })
  }
  if (!isEvmAddress(receiverText))
    throw new LatchError('Invalid receiver address', {
      details: 'An EVM address is 40 hex characters, with or without 0x.',
    })
  const receiver = getAddress(receiverText.startsWith('0x') ? receiverText : `0x${receiverText}`)
  if (!/^\d*\.?\d+$/.test(amountText) && !/^\d+\.$/.test(amountText))
    throw new LatchError('Invalid amount', { details: 'Write the amount as a number, e.g. 1.5' })
  const fraction = amountText.split('.')[1] ?? ''
  if (fraction.length > request.token.decimals)
    throw new LatchError('Invalid amount', {
      details: `${request.token.symbol} has ${request.token.decimals} decimals`,
    })
  const amount = parseUnits(amountText.replace(/\.$/, ''), request.token.decimals)
  if (amount <= 0n)
    throw new LatchError('Invalid amount', { details: 'The amount must be above 0' })
  const tokenAddress = request.token.address
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
 * The most of the native coin a send can move: the balance less the gas of the transfer itself,
 * at the given gas price with a 2x margin for a rising base fee.
 */
export function maxNativeSend(balance: bigint, gasPrice: bigint, gasLimit = 21_000n): bigint {
  const reserve = gasLimit * gasPrice * 2n
  return balance > reserve ? balance - reserve : 0n
}
