import { LatchError } from '../errors.ts'

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
