import type { CaipAddress } from '@latch/protocol/caip'
import { isSolanaAddress } from '@latch/protocol/solana'
import { LatchError } from '../../errors.ts'
import { parseAmount, requiredFields } from '../../validation/sendFields.ts'
import { SOLANA_ADDRESS_RULE } from '../../validation/solanaAddressRule.ts'
import type { Transfer } from '../types.ts'

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
