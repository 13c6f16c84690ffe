import type { CaipAddress, CaipNetworkId } from '@latch/protocol/caip'
import { isSolanaAddress } from '@latch/protocol/solana'
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import type { Transfer } from '../chains/types.ts'
import { LatchError } from '../errors.ts'
import { parseEvmReceiver } from '../validation/evmReceiver.ts'
import { SOLANA_ADDRESS_RULE } from '../validation/solanaAddressRule.ts'
import { validateBitcoinSend } from './validateBitcoinSend.ts'
import { validatePolkadotSend } from './validatePolkadotSend.ts'

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
  /** Bitcoin: the fee rate in sat/vB; the network's normal rate when absent. */
  feeRate?: number
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
 * `transfer(receiver, amount)`. The receiver is an EVM address with or without 0x, in one case or
 * in its EIP-55 checksum's.
 * @throws LatchError 'A token is required', 'An amount and receiver address are required', ...
 * @example validateSend({ token: eth, amount: '0.1', receiver: '70997970c5...' })
 */
export function validateSend(request: SendRequest): SendTransaction {
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
  const tokenAddress = token.address
  if (!tokenAddress) return { to: receiver, value: amount, receiver, amount }
  return {
    to: tokenAddress,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }),
    receiver,
    amount,
  }
}

/** What the visitor asks to send on Solana: SOL, or an SPL token named by its CAIP-10 mint id. */
export type SolanaSendRequest = {
  token?: { address?: CaipAddress; decimals: number; symbol: string }
  amount?: string
  receiver?: string
}

/**
 * Checks a Solana send (token, amount, receiver) and gives the transfer the Solana adapter sends.
 * The receiver is a Solana address: 32 to 44 base58 characters of a 32-byte key.
 * @throws LatchError 'A token is required', 'Invalid receiver address', 'Invalid amount', ...
 * @example validateSolanaSend({ token: sol, amount: '0.1', receiver: '9WzDXwBb...' })
 */
export function validateSolanaSend(request: SolanaSendRequest): Transfer {
  const { token, amountText, receiverText } = requiredFields(request)
  if (!isSolanaAddress(receiverText))
    throw new LatchError('Invalid receiver address', {
      details: SOLANA_ADDRESS_RULE,
    })
  const amount = parseAmount(amountText, token)
  return { to: receiverText, amount, ...(token.address ? { token: token.address } : {}) }
}

/**
 * A send checked by the rules of the family of `caipNetworkId`, as the transfer its adapter sends:
 * the token named by its CAIP-10 id on that network. Polkadot's receiver is checked against the
 * network's SS58 prefix, which `network` tells (generic Substrate, 42, when it does not).
 * @example transferOf({ token: sol, amount: '0.1', receiver: '9WzDXwBb...' }, 'solana:5eykt4Us...')
 */
export function transferOf(
  request: SendRequest,
  caipNetworkId: CaipNetworkId,
  network?: { name?: string; ss58Prefix?: number },
): Transfer {
  const token = request.token?.address
  const asset = token ? { token: `${caipNetworkId}:${token}` as const } : {}
  if (caipNetworkId.startsWith('bip122:'))
    return validateBitcoinSend(request, caipNetworkId, parseAmount)
  if (caipNetworkId.startsWith('polkadot:'))
    return validatePolkadotSend(
      request,
      { name: network?.name ?? caipNetworkId, ss58Prefix: network?.ss58Prefix ?? 42 },
      parseAmount,
    )
  if (caipNetworkId.startsWith('solana:')) {
    const { token: picked, amount, receiver } = request
    return validateSolanaSend({
      ...(picked
        ? {
            token: {
              decimals: picked.decimals,
              symbol: picked.symbol,
              ...(token ? { address: asset.token } : {}),
            },
          }
        : {}),
      ...(amount !== undefined ? { amount } : {}),
      ...(receiver !== undefined ? { receiver } : {}),
    })
  }
  const checked = validateSend(request)
  return { to: checked.receiver, amount: checked.amount, ...asset }
}

/** The token, then an amount and a receiver: every family asks for them in this order. */
function requiredFields<Token>(request: { token?: Token; amount?: string; receiver?: string }) {
  if (!request.token) throw new LatchError('A token is required')
  const amountText = request.amount?.trim() ?? ''
  const receiverText = request.receiver?.trim() ?? ''
  if (!amountText || !receiverText)
    throw new LatchError('An amount and receiver address are required')
  return { token: request.token, amountText, receiverText }
}

/** A positive decimal amount in the token's smallest unit, with no more decimals than it has. */
function parseAmount(amountText: string, token: { decimals: number; symbol: string }): bigint {
  if (!/^\d*\.?\d+$/.test(amountText) && !/^\d+\.$/.test(amountText))
    throw new LatchError('Invalid amount', { details: 'Write the amount as a number, e.g. 1.5' })
  const fraction = amountText.split('.')[1] ?? ''
  if (fraction.length > token.decimals)
    throw new LatchError('Invalid amount', {
      details: `${token.symbol} has ${token.decimals} decimals`,
    })
  const amount = parseUnits(amountText.replace(/\.$/, ''), token.decimals)
  if (amount <= 0n)
    throw new LatchError('Invalid amount', { details: 'The amount must be above 0' })
  return amount
}

/**
 * The most of the native coin a send can move: the balance less the gas of the transfer itself,
 * at the given gas price with a 2x margin for a rising base fee.
 */
export function maxNativeSend(balance: bigint, gasPrice: bigint, gasLimit = 21_000n): bigint {
  const reserve = gasLimit * gasPrice * 2n
  return balance > reserve ? balance - reserve : 0n
}
