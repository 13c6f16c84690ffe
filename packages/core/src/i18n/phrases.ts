import { type Message, type Phrase, type PhraseValues, phraseOf } from '@latch/protocol/i18n'

/**
 * The messages core writes with values, in English: the modal's catalogue holds them under these
 * keys (every language translates them), and core sends each as a phrase (key, values and these
 * English words), so the modal words it and writes its amounts in its own language.
 */
export const coreEnglish = {
  'snackbar.sent': 'Sent {amount} {symbol}',
  'snackbar.bought': 'Bought {amount} {currency}',
  'swap.swapped': 'Swapped {paid} {from} for {received} {to}',
  'nfts.sent': 'Sent {name}',
  'swap.quoteFailed': 'Could not get a quote: {reason}',
  'swap.noDecimals': '{symbol} has no decimals',
  'swap.atMostDecimals': {
    one: '{symbol} has at most {count} decimal',
    other: '{symbol} has at most {count} decimals',
  },
  'send.insufficientBalance': 'Insufficient {symbol} balance',
  'send.invalidReceiverBecause': 'Invalid receiver address. {rule}',
  'send.solanaAddressRule': 'A Solana address is 32 to 44 base58 characters.',
  'send.evmChecksumRule':
    "The mix of capital and small letters does not match this address's checksum: a character is likely mistyped.",
  'send.shortfallFee': 'Not enough {symbol} for the network fee: you need {amount} {symbol} more',
  'send.shortfallAmountAndFee':
    'Not enough {symbol} for this amount and the network fee: you need {amount} {symbol} more',
  'send.notEnoughToken': 'Not enough {symbol} to send this amount',
  'send.dustLimit':
    'Amount under the dust limit: send at least {amount} BTC ({sats} sats) to this address',
  'send.notEnoughForFee':
    'Not enough BTC for the network fee: at {rate} sat/vB you can send at most {amount} BTC',
  'names.notRegistered': '{name} is not a registered name',
  'names.noAddress': '{name} has no address to send to',
  'names.tooShort': 'A name needs at least {count} characters',
  'names.tooLong': 'A name can have at most {count} characters',
  // The specification's words: English reads exactly so, whatever the count.
  'email.cooldown': 'Please try again after {count} seconds',
  // A smart session in the Sessions view: its status, end, permissions and what it used.
  'session.active': 'Active',
  'session.expired': 'Expired',
  'session.revoked': 'Revoked',
  'session.expiresAt': 'Expires {date}',
  'session.expiredAt': 'Expired {date}',
  'session.mayCall': 'May call {functions} on {contract}',
  'session.upTo': 'Up to {limit}',
  'session.unknownPermission': 'Unknown permission',
  'session.perWeek': '{amount} {symbol} per week',
  'session.perDay': '{amount} {symbol} per day',
  'session.perHour': '{amount} {symbol} per hour',
  'session.perMinute': '{amount} {symbol} per minute',
  'session.everyWeeks': {
    one: '{amount} {symbol} every {count} week',
    other: '{amount} {symbol} every {count} weeks',
  },
  'session.everyDays': {
    one: '{amount} {symbol} every {count} day',
    other: '{amount} {symbol} every {count} days',
  },
  'session.everyHours': {
    one: '{amount} {symbol} every {count} hour',
    other: '{amount} {symbol} every {count} hours',
  },
  'session.everyMinutes': {
    one: '{amount} {symbol} every {count} minute',
    other: '{amount} {symbol} every {count} minutes',
  },
  'session.everySeconds': {
    one: '{amount} {symbol} every {count} second',
    other: '{amount} {symbol} every {count} seconds',
  },
  'session.usedThisWeek': '{spent} of {amount} {symbol} this week',
  'session.usedToday': '{spent} of {amount} {symbol} today',
  'session.usedThisHour': '{spent} of {amount} {symbol} this hour',
  'session.usedThisMinute': '{spent} of {amount} {symbol} this minute',
  'session.usedThisPeriod': '{spent} of {amount} {symbol} this period',
} as const satisfies Record<string, Message>

export type CoreMessageKey = keyof typeof coreEnglish

/**
 * A message of core's with its values, for the visitor's language.
 * @example phrase('snackbar.sent', { amount: decimal('0.5'), symbol: 'ETH' }).english // 'Sent 0.5 ETH'
 */
export const phrase = (key: CoreMessageKey, values?: PhraseValues): Phrase =>
  phraseOf(coreEnglish, key, values)
