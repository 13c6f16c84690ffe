import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { OTP_LENGTH } from '@latch/protocol'
import { HttpError } from '../errors.ts'
import { OTP_MAX_FAILED_ATTEMPTS } from './constants.ts'
import { deriveKey } from './keys.ts'

/** A random code of OTP_LENGTH digits, uniform over every value (leading zeros kept). */
export function generateCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0')
}

/** A random URL-safe secret (tokens, flow secrets) or id of `bytes` bytes. */
export const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url')

/** What the database keeps of a bearer secret (session token, link token, device id). */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex')

/**
 * Hashes codes with HMAC-SHA256 under a key derived from the master key: a million codes are
 * quick to try against a plain hash, not against a keyed one whose key the database lacks. The
 * challenge id is in the input, so equal codes of two challenges hash apart.
 */
export class CodeHasher {
  readonly #key: Buffer

  constructor(masterKey: Buffer) {
    this.#key = deriveKey(masterKey, 'email code hmac v1')
  }

  hash(challengeId: string, code: string): string {
    return createHmac('sha256', this.#key).update(`${challengeId}:${code}`).digest('hex')
  }

  matches(challengeId: string, code: string, storedHash: string): boolean {
    const expected = Buffer.from(storedHash, 'hex')
    const actual = Buffer.from(this.hash(challengeId, code), 'hex')
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  }
}

/** The state of a mailed code, as its row says. */
export type CodeRecord = { expiresAt: Date; failedAttempts: number; usedAt: Date | null }

export const CODE_BURNT_MESSAGE = 'Too many wrong codes: request a new code'
export const CODE_EXPIRED_MESSAGE = 'The code has expired: request a new code'
export const CODE_USED_MESSAGE = 'The code was already used: request a new code'

/** Refuses a code that can no longer be tried: used, burnt by wrong tries, or expired. */
export function assertCodeUsable(record: CodeRecord, now: Date): void {
  if (record.usedAt) throw new HttpError(400, CODE_USED_MESSAGE)
  if (record.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) throw new HttpError(400, CODE_BURNT_MESSAGE)
  if (record.expiresAt <= now) throw new HttpError(400, CODE_EXPIRED_MESSAGE)
}

/** The refusal of a wrong code, once its row counted it (`failedAttempts` after the count). */
export function wrongCodeError(failedAttempts: number): HttpError {
  const left = OTP_MAX_FAILED_ATTEMPTS - failedAttempts
  if (left <= 0) return new HttpError(400, CODE_BURNT_MESSAGE)
  return new HttpError(400, `Invalid code: ${left} ${left === 1 ? 'try' : 'tries'} left`)
}

/** 'Please try again after {n} seconds' within the cooldown, `n` rounded up. */
export function tryAgainError(waitMs: number): HttpError {
  return new HttpError(
    429,
    `Please try again after ${Math.max(1, Math.ceil(waitMs / 1000))} seconds`,
  )
}
