/**
 * Plain words for the EntryPoint's AA codes, which a bundler puts in its error messages
 * ("UserOperation reverted with reason: AA21 didn't pay prefund"). One sentence per kind of
 * failure a visitor can act on; the account's, the sponsor's and the bundler's are told apart.
 */
const CREATION_FAILED = 'Your smart account could not be created: try again'
const GAS_TOO_LOW = 'The network fee estimate was too low for this operation: try again'
const SPONSOR_REFUSED = 'The gas sponsor did not pay for this operation'
const BUNDLER_FAILED = 'The operation could not be sent: try again'

const MESSAGES: Record<string, string> = {
  AA10: 'Your smart account already exists: this operation tried to create it again',
  AA13: CREATION_FAILED,
  AA14: CREATION_FAILED,
  AA15: CREATION_FAILED,
  AA20: 'Your smart account is not deployed yet',
  AA21: "Not enough funds in your smart account to pay this operation's network fee",
  AA22: 'This operation expired before the network took it: try again',
  AA23: 'Your smart account refused this operation',
  AA24: "This operation's signature is not your smart account's owner's",
  AA25: 'Another operation of your smart account went first: try again',
  AA26: GAS_TOO_LOW,
  AA30: SPONSOR_REFUSED,
  AA31: 'The gas sponsor has run out of funds for this operation',
  AA32: SPONSOR_REFUSED,
  AA33: SPONSOR_REFUSED,
  AA34: SPONSOR_REFUSED,
  AA36: GAS_TOO_LOW,
  AA40: GAS_TOO_LOW,
  AA41: GAS_TOO_LOW,
  AA50: SPONSOR_REFUSED,
  AA51: SPONSOR_REFUSED,
}

const AA_CODE = /\bAA(\d\d)\b/

/**
 * The visitor's sentence for the first AA code in `text` (a bundler's or the EntryPoint's
 * message), or undefined when it holds none. Codes without a sentence of their own are the
 * bundler's or the EntryPoint's failures (AA9x): the operation could not be sent.
 * @example aaErrorMessage('UserOperation reverted with reason: AA25 invalid account nonce')
 * // 'Another operation of your smart account went first: try again'
 */
export function aaErrorMessage(text: string): string | undefined {
  const match = AA_CODE.exec(text)
  if (!match) return undefined
  return MESSAGES[`AA${match[1]}`] ?? BUNDLER_FAILED
}
