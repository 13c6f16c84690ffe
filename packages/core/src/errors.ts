import { englishText, type Phrase, type Text } from '@latch/protocol/i18n'

/** Base of every error the kit throws: a short message fixed by the product, details say more. */
export class LatchError extends Error {
  override name = 'LatchError'
  readonly shortMessage: string
  /** The short message as a phrase when it has values, so the modal words it in its language. */
  readonly phrase: Phrase | undefined
  readonly details: string | undefined

  constructor(shortMessage: Text, options: { details?: string; cause?: unknown } = {}) {
    const english = englishText(shortMessage)
    super(options.details ? `${english}\n\nDetails: ${options.details}` : english, {
      cause: options.cause,
    })
    this.shortMessage = english
    this.phrase = typeof shortMessage === 'string' ? undefined : shortMessage
    this.details = options.details
  }
}

/** The visitor declined the request in the wallet (any family). */
export class UserRejectedError extends LatchError {
  override name = 'UserRejectedError'
}

/** The wallet cannot switch to (or add) the network asked for. */
export class ChainNotSupportedError extends LatchError {
  override name = 'ChainNotSupportedError'
  constructor(options: { details?: string; cause?: unknown } = {}) {
    super('Chain is not supported', options)
  }
}
