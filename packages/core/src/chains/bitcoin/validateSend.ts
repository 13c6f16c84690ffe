import { bitcoinNetworkKind } from '@latch/protocol/bitcoin-networks'
import type { CaipNetworkId } from '@latch/protocol/caip'
import { LatchError } from '../../errors.ts'
import type { Transfer } from '../types.ts'
import { checkAboveDust, checkFeeRate, receiverScript } from './planTransfer.ts'

/** What the visitor asks to send on Bitcoin: BTC, an amount, a receiver, a fee rate (sat/vB). */
export type BitcoinSendRequest = {
  token?: { decimals: number; symbol: string; address?: string }
  amount?: string
  receiver?: string
  feeRate?: number
}

/**
 * Checks a Bitcoin send and gives the transfer the Bitcoin adapter sends: the receiver an
 * address of the network's kind (a mainnet address on testnet is named as such), an amount of at
 * most 8 decimals above the dust limit for that address, a whole fee rate of at least 1 sat/vB.
 * @throws LatchError 'A token is required', 'Invalid receiver address' (details: the rule), ...
 * @example validateBitcoinSend({ token: btc, amount: '0.1', receiver: 'bc1q...', feeRate: 5 }, 'bip122:000000000019d6689c085ae165831e93')
 */
export function validateBitcoinSend(
  request: BitcoinSendRequest,
  caipNetworkId: CaipNetworkId,
  parseAmount: (amountText: string, token: { decimals: number; symbol: string }) => bigint,
): Transfer {
  if (!request.token) throw new LatchError('A token is required')
  if (request.token.address) throw new LatchError('A Bitcoin wallet sends bitcoin only')
  const amountText = request.amount?.trim() ?? ''
  const receiverText = request.receiver?.trim() ?? ''
  if (!amountText || !receiverText)
    throw new LatchError('An amount and receiver address are required')
  const kind = bitcoinNetworkKind(caipNetworkId)
  if (!kind) throw new LatchError(`${caipNetworkId} is not a Bitcoin network the kit knows`)
  const script = receiverScript(receiverText, kind)
  const amount = parseAmount(amountText, request.token)
  checkAboveDust(amount, script)
  if (request.feeRate !== undefined) checkFeeRate(request.feeRate)
  return {
    to: receiverText,
    amount,
    ...(request.feeRate !== undefined ? { feeRate: request.feeRate } : {}),
  }
}
