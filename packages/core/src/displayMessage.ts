import { englishText, type Text } from '@latch/protocol/i18n'
import { HttpStatusError } from './api/httpStatusError.ts'
import { errorChain, isNetworkFailure } from './errorChain.ts'
import { LatchError, UserRejectedError } from './errors.ts'

/** The fallback when nothing in an error is fit to show. */
export const SOMETHING_WENT_WRONG = 'Something went wrong'
/** The visitor declined the request in the wallet (any family, any flow). */
export const SIGNATURE_DECLINED = 'Signature declined'
/** The page could not reach the server or the chain. */
export const NETWORK_UNREACHABLE =
  'Could not reach the network: check your connection and try again'
/** The chain refused a transaction the balance cannot pay (its fee, or its value and fee). */
export const INSUFFICIENT_FUNDS = 'Not enough funds to pay for this transaction and its network fee'
/** A Solana transaction whose blockhash went stale before it landed: a new one will do. */
export const TRANSACTION_EXPIRED =
  'The transaction expired before the network confirmed it: try again'
/** A server error that gives no reason a visitor could act on. */
export const SERVER_UNAVAILABLE = 'The server could not do this right now: try again'

/**
 * Wrappers' messages that say nothing a visitor can act on (viem's and wagmi's generic RPC
 * errors, a bare "Internal error"): the cause underneath says more, or the fallback is shown.
 */
const OPAQUE_MESSAGES = [
  /^an internal error was received/i,
  /^an unknown rpc error occurred/i,
  /^unknown rpc error/i,
  /^internal (json-rpc |server )?error/i,
  /^unexpected error/i,
  /^missing or invalid parameters/i,
  /^transaction creation failed/i,
  /^http request failed/i,
  /^request failed with status/i,
]

// EVM nodes' words, then Solana's System program ("insufficient lamports") and runtime.
const INSUFFICIENT_FUNDS_PATTERN =
  /insufficient funds|exceeds the balance of the account|exceeds transaction sender account balance|insufficient lamports/i

/** A Solana node's (or a wallet's copy of its) refusal of a transaction on a stale blockhash. */
const EXPIRED_PATTERN = /blockhash not found|block height exceeded/i

type Link = { message?: unknown; shortMessage?: unknown; details?: unknown }

const firstLine = (text: unknown): string =>
  typeof text === 'string' ? (text.split('\n')[0]?.trim() ?? '') : ''

const isShowable = (text: string) =>
  text !== '' && !OPAQUE_MESSAGES.some((pattern) => pattern.test(text))

/** Solana's wallet adapters name a refusal by the step refused, with no code. */
const WALLET_STEP_ERROR = /^Wallet(Sign(Transaction|Message|In)|SendTransaction)Error$/
const REJECTED_TEXT = /\buser rejected\b|\brejected the request\b/i

function isRejection(link: unknown): boolean {
  if (link instanceof UserRejectedError) return true
  const { code, name, message } = link as { code?: unknown; name?: unknown; message?: unknown }
  if (code === 4001 || name === 'UserRejectedRequestError') return true
  return (
    typeof name === 'string' &&
    WALLET_STEP_ERROR.test(name) &&
    typeof message === 'string' &&
    REJECTED_TEXT.test(message)
  )
}

function latchMessage(error: LatchError): Text {
  if (error.phrase) return error.phrase
  if (error instanceof HttpStatusError) {
    if (error.details && error.status !== 500) return firstLine(error.details)
    return error.status >= 500 ? SERVER_UNAVAILABLE : error.shortMessage
  }
  return error.shortMessage
}

/**
 * What to show a visitor for any error the kit, a wallet, viem, wagmi or the server raised: the
 * kit's own wording (LatchError's short message, the server's reason), 'Signature declined' for a
 * refusal in the wallet, plain words for a balance that cannot pay or a network that does not
 * answer, a library's short message when it says something; never a raw internal error. A smart
 * account's refusal (its AA code) arrives already in plain words from the server that sent it.
 * @example displayMessage(new UserRejectedError('User rejected the request')) // 'Signature declined'
 */
export function displayMessage(error: unknown): string {
  return englishText(displayText(error))
}

/**
 * What `displayMessage` shows, as the kit's phrase when the message has values ('Insufficient
 * {symbol} balance'), so the modal words it in its own language.
 */
export function displayText(error: unknown): Text {
  const links = errorChain(error)
  if (links.some(isRejection)) return SIGNATURE_DECLINED
  const texts = (link: unknown) => {
    const { message, shortMessage, details } = link as Link
    return [shortMessage, details, message].map(firstLine)
  }
  for (const link of links) {
    if (!(link instanceof LatchError)) continue
    const message = latchMessage(link)
    if (isShowable(englishText(message))) return message
  }
  if (links.some((link) => texts(link).some((text) => INSUFFICIENT_FUNDS_PATTERN.test(text))))
    return INSUFFICIENT_FUNDS
  if (links.some((link) => texts(link).some((text) => EXPIRED_PATTERN.test(text))))
    return TRANSACTION_EXPIRED
  if (isNetworkFailure(error)) return NETWORK_UNREACHABLE
  // A library's short message is written for people; a plain Error's message may be internals.
  for (const link of links) {
    const short = firstLine((link as Link).shortMessage)
    if (isShowable(short)) return short
  }
  return SOMETHING_WENT_WRONG
}
