import { checkSs58, isSs58Problem } from '@latch/protocol/polkadot'
import { keepAliveRefusal } from '@latch/protocol/polkadot-keep-alive'
import { LatchError } from '../../errors.ts'
import type { Transfer } from '../types.ts'

/** What the visitor asks to send on Polkadot: the native coin, an amount, a receiver. */
export type PolkadotSendRequest = {
  token?: { decimals: number; symbol: string; address?: string }
  amount?: string
  receiver?: string
}

/**
 * Checks a Polkadot receiver against the network's SS58 prefix: an address of another chain (its
 * prefix) and a typo (its checksum) are each named, in the server's words, so the visitor knows
 * what to fix.
 * @throws LatchError 'Invalid receiver address' with the rule in its details
 */
export function checkPolkadotReceiver(
  receiver: string,
  network: { name: string; ss58Prefix: number },
): void {
  const checked = checkSs58(receiver, network.ss58Prefix)
  if (isSs58Problem(checked))
    throw new LatchError('Invalid receiver address', { details: checked.message })
}

/**
 * Checks a Polkadot send and gives the transfer the Polkadot adapter sends: the native coin, an
 * amount of at most the coin's decimals, a receiver of the network's SS58 prefix.
 * @throws LatchError 'A token is required', 'Invalid receiver address' (details: the rule), ...
 */
export function validatePolkadotSend(
  request: PolkadotSendRequest,
  network: { name: string; ss58Prefix: number },
  parseAmount: (amountText: string, token: { decimals: number; symbol: string }) => bigint,
): Transfer {
  if (!request.token) throw new LatchError('A token is required')
  if (request.token.address) throw new LatchError('A Polkadot wallet sends the native coin only')
  const amountText = request.amount?.trim() ?? ''
  const receiverText = request.receiver?.trim() ?? ''
  if (!amountText || !receiverText)
    throw new LatchError('An amount and receiver address are required')
  checkPolkadotReceiver(receiverText, network)
  return { to: receiverText, amount: parseAmount(amountText, request.token) }
}

/**
 * What keeps the sender's account alive: a transferKeepAlive may not leave it under the existential
 * deposit, so the amount plus the fee must leave at least that much. Worded as the server words
 * its refusal, so the visitor reads one sentence whichever side says it.
 * @returns the sentence to show, or undefined when the send leaves enough
 */
export function existentialDepositProblem(options: {
  balance: bigint
  amount: bigint
  fee: bigint
  existentialDeposit: bigint
  format(value: bigint): string
}): string | undefined {
  const { balance, ...rest } = options
  return keepAliveRefusal({ free: balance, ...rest })
}
