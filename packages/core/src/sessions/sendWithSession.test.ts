import { BaseError } from 'viem'
import { describe, expect, it } from 'vitest'
import { SESSION_REFUSED_MESSAGE, sessionSendError } from './sendWithSession.ts'

// The sentence a site shows for a failed session send, from the bundler's words wherever viem
// nested them. The sends themselves run against the devnet in apps/server/test/smart-sessions.test.ts.

function bundlerError(details: string): Error {
  return new BaseError('Failed to send the user operation', {
    cause: new BaseError('UserOperation rejected', { details }),
  })
}

describe('sessionSendError', () => {
  it("names the session's own refusals: a call or amount outside it, a bad key or revoked, expired", () => {
    for (const words of [
      'UserOperation reverted with reason: AA23 reverted 0x1234',
      'UserOperation reverted with reason: AA24 signature error',
      'AA22 expired or not due',
      'UserOperation expires too soon, validUntil=1, now=2',
    ]) {
      const error = sessionSendError(bundlerError(words))
      expect(error.message).toBe(SESSION_REFUSED_MESSAGE)
      expect(error.detail).toContain(words)
    }
  })

  it('says other AA codes in their plain words and keeps the rest as a retry', () => {
    expect(sessionSendError(bundlerError("AA21 didn't pay prefund")).message).toBe(
      "Not enough funds in your smart account to pay this operation's network fee",
    )
    expect(sessionSendError(new Error('fetch failed')).message).toBe(
      'The operation could not be sent: try again',
    )
  })
})
