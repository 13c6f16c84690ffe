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
} as const satisfies Record<string, Message>

export type CoreMessageKey = keyof typeof coreEnglish

/**
 * A message of core's with its values, for the visitor's language.
 * @example phrase('snackbar.sent', { amount: decimal('0.5'), symbol: 'ETH' }).english // 'Sent 0.5 ETH'
 */
export const phrase = (key: CoreMessageKey, values?: PhraseValues): Phrase =>
  phraseOf(coreEnglish, key, values)
