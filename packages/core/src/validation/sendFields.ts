import { parseUnits } from 'viem'
import { LatchError } from '../errors.ts'

/**
 * The token, then an amount and a receiver: every family asks for them in this order, so the
 * visitor is told first what they left out, whatever the network.
 * @throws LatchError 'A token is required', 'An amount and receiver address are required'
 */
export function requiredFields<Token>(request: {
  token?: Token
  amount?: string
  receiver?: string
}) {
  if (!request.token) throw new LatchError('A token is required')
  const amountText = request.amount?.trim() ?? ''
  const receiverText = request.receiver?.trim() ?? ''
  if (!amountText || !receiverText)
    throw new LatchError('An amount and receiver address are required')
  return { token: request.token, amountText, receiverText }
}

/**
 * A positive decimal amount in the token's smallest unit, with no more decimals than it has.
 * @throws LatchError 'Invalid amount', its details saying which rule
 * @example parseAmount('1.5', { decimals: 6, symbol: 'USDC' }) // 1_500_000n
 */
export function parseAmount(
  amountText: string,
  token: { decimals: number; symbol: string },
): bigint {
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
