import type { CaipNetworkId } from '@latch/protocol/caip'
import { type Address, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { validateBitcoinSend } from '../chains/bitcoin/validateSend.ts'
import { validatePolkadotSend } from '../chains/polkadot/validateSend.ts'
import { validateSolanaSend } from '../chains/solana/validateSend.ts'
import type { Transfer } from '../chains/types.ts'
import { LatchError } from '../errors.ts'
import { parseEvmReceiver } from '../validation/evmReceiver.ts'
import { parseAmount, requiredFields } from '../validation/sendFields.ts'

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

/**
 * The most of the native coin a send can move: the balance less the gas of the transfer itself,
 * at the given gas price with a 2x margin for a rising base fee.
 */
export function maxNativeSend(balance: bigint, gasPrice: bigint, gasLimit = 21_000n): bigint {
  const reserve = gasLimit * gasPrice * 2n
  return balance > reserve ? balance - reserve : 0n
}
