import type { TokenBalance } from '@latch/protocol'
import { parseUnits } from 'viem'
import type { TransferDraft } from '../../chains/types.ts'
import { LatchError } from '../../errors.ts'
import { phrase } from '../../i18n/phrases.ts'
import { isNameLike } from '../../names/resolveName.ts'
import { chosenRate } from '../bitcoinFeeRate.ts'
import { formMessage } from '../formMessage.ts'
import type { SendContext, Sender } from '../sendContext.ts'
import { tokenOf } from '../tokenOf.ts'
import type { CheckedSend } from './checkedSend.ts'
import { reviewFeeAfter } from './reviewFeeAfter.ts'
import { reviewFeeBefore } from './reviewFeeBefore.ts'

/** The balance of the token to send cannot pay the amount. */
export const insufficientBalance = (symbol: string) =>
  phrase('send.insufficientBalance', { symbol })

/** The address to send to: the typed one, or what the typed name resolves to (names point to EVM addresses). */
async function receiverAddress(
  context: SendContext,
  sender: Sender,
): Promise<{ address: string; name?: string }> {
  const { receiver, resolution } = context.state()
  const name = receiver.trim()
  if (!sender.preparation.resolvesNames || !isNameLike(name)) return { address: name }
  if (resolution.status === 'resolved' && resolution.name === name)
    return { address: resolution.address, name }
  return { address: await context.deps.resolveName(name), name }
}

/** The fee rate chosen, where the visitor picks one; a rate typed wrong is said first. */
function feeRateOf(context: SendContext): number | undefined {
  const { feeRate } = context.state()
  const rate = chosenRate(feeRate)
  if (rate === undefined && feeRate?.choice === 'custom')
    throw new LatchError('Invalid fee rate: enter a whole number of sat/vB, at least 1')
  return rate
}

/**
 * The form checked by the family's rules (the token, then an amount and a receiver, before any
 * name is looked up), and against the balance; undefined when no token is chosen.
 */
async function checkForm(
  context: SendContext,
  sender: Sender,
  entry: TokenBalance | undefined,
): Promise<CheckedSend | undefined> {
  const { amount, receiver } = context.state()
  const { preparation, tools } = sender
  const token = entry ? tokenOf(entry) : undefined
  const feeRate = feeRateOf(context)
  const draft: TransferDraft = {
    ...(token ? { token } : {}),
    amount,
    receiver: receiver.trim(),
    ...(feeRate !== undefined ? { feeRate } : {}),
  }
  if (preparation.resolvesNames)
    await preparation.check({ ...draft, receiver: draft.receiver ? sender.address : '' }, tools)
  const to = await receiverAddress(context, sender)
  const transfer = await preparation.check({ ...draft, receiver: to.address }, tools)
  if (!entry || !token) return undefined
  if (sender.feeRates && feeRate === undefined) throw new LatchError('Network fee unavailable')
  // The native coin is read again (EVM: from the chain; Solana: the server's copy, read afresh
  // after every confirmed send): the listed balance may be older.
  const held = token.address
    ? parseUnits(entry.quantity.numeric, token.decimals)
    : await tools.nativeBalance()
  if (transfer.amount > held) throw new LatchError(insufficientBalance(token.symbol))
  const request = {
    token,
    amount: amount.trim(),
    receiver: transfer.to,
    ...(feeRate !== undefined ? { feeRate } : {}),
  }
  const review = { request, ...(to.name ? { receiverName: to.name } : {}) }
  return { transfer, review, held, token }
}

/**
 * Review: the form checked by the family's rules and against the balance, then the review with
 * the transfer's fee. Where the fee can refuse the send (coins, an existential deposit) it is
 * reckoned first, in the form; elsewhere the review shows while it is estimated, and what the
 * native balance lacks for it keeps Send off. A refusal is said in the form.
 */
export async function review(context: SendContext): Promise<void> {
  if (context.state().step !== 'form') return
  const entry = context.selected()
  const sender = context.sender()
  try {
    if (!sender) throw new LatchError('No ActiveCaipAddress found')
    const checked = await checkForm(context, sender, entry)
    if (!checked) return
    if (sender.preparation.feeBeforeReview) return await reviewFeeBefore(context, sender, checked)
    await reviewFeeAfter(context, sender, checked)
  } catch (error) {
    if (context.state().step === 'form')
      context.dispatch({ type: 'failed', error: formMessage(error, sender?.preparation) })
  }
}
