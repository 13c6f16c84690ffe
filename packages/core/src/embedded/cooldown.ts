import type { Phrase } from '@latch/protocol/i18n'
import { phrase } from '../i18n/phrases.ts'

/**
 * 'Please try again after {n} seconds' while `availableAt` is ahead of `now`, with n
 * rounded up; undefined once the wait is over.
 * @example cooldownMessage(1_000, 30_000) // 'Please try again after 29 seconds'
 */
export function cooldownMessage(now: number, availableAt: number | undefined): Phrase | undefined {
  if (availableAt === undefined || availableAt <= now) return undefined
  return phrase('email.cooldown', { count: Math.ceil((availableAt - now) / 1000) })
}
