import { formatExactAmount } from '@latch/protocol/fees'
import { decimal, type Phrase } from '@latch/protocol/i18n'
import { type PeriodUnit, periodOf } from '@latch/protocol/session-text'
import type { SessionStatus, SessionSummary } from '@latch/protocol/smart-sessions'
import { type CoreMessageKey, phrase } from '../i18n/phrases.ts'

/** A token the kit can name: its symbol and decimals, by lower-case address. */
export type KnownToken = { symbol: string; decimals: number }
export type TokenBook = ReadonlyMap<string, KnownToken>

/** The address the chain's native coin has in a spending limit. */
const NATIVE = '0x0000000000000000000000000000000000000000'

/** A session as the Account view lists it: every text a phrase the modal words in its language. */
export type SessionRow = {
  pci: `0x${string}`
  /** The site that asked for it (its origin). */
  site: string
  status: SessionStatus
  /** 'Active', 'Expired', 'Revoked'. */
  statusText: Phrase
  /** 'Expires Jan 15, 2027, 8:00 AM UTC' (or 'Expired ...'). */
  expiryText: Phrase
  /** One line per permission: 'May call transfer(address,uint256) on USDC', 'Up to 10 USDC per day'. */
  permissions: Phrase[]
  /** One line per limit, what was used in the period in force: '3 of 10 USDC today'. */
  usage: Phrase[]
  /** Only an active session can be revoked. */
  canRevoke: boolean
}

const STATUS_TEXT: Record<SessionStatus, CoreMessageKey> = {
  active: 'session.active',
  expired: 'session.expired',
  revoked: 'session.revoked',
}

/** How an amount per period is said: by the period's name, else every so many units. */
const LIMIT_KEYS: Readonly<Record<PeriodUnit, { per?: CoreMessageKey; every: CoreMessageKey }>> = {
  week: { per: 'session.perWeek', every: 'session.everyWeeks' },
  day: { per: 'session.perDay', every: 'session.everyDays' },
  hour: { per: 'session.perHour', every: 'session.everyHours' },
  minute: { per: 'session.perMinute', every: 'session.everyMinutes' },
  second: { every: 'session.everySeconds' },
}

/** What was used in the period in force ('today'), by the period's unit. */
const USAGE_KEYS: Readonly<Record<PeriodUnit, CoreMessageKey>> = {
  week: 'session.usedThisWeek',
  day: 'session.usedToday',
  hour: 'session.usedThisHour',
  minute: 'session.usedThisMinute',
  second: 'session.usedThisPeriod',
}

/** A base-unit amount in the token's units, to its last digit (a limit is exact). */
const units = (amount: bigint, token: KnownToken) =>
  decimal(formatExactAmount(amount, token.decimals))

/** A spending limit: its amount in the token's units, then its period ('10 USDC per day'). */
function limitPhrase(amount: bigint, seconds: number, token: KnownToken): Phrase {
  const { unit, count } = periodOf(seconds)
  const { per, every } = LIMIT_KEYS[unit]
  const values = { amount: units(amount, token), symbol: token.symbol }
  return per && count === 1 ? phrase(per, values) : phrase(every, { ...values, count })
}

/** What a session used of a limit in the period in force ('3 of 10 USDC today'). */
function usagePhrase(spent: bigint, amount: bigint, seconds: number, token: KnownToken): Phrase {
  const { unit, count } = periodOf(seconds)
  return phrase(count === 1 ? USAGE_KEYS[unit] : 'session.usedThisPeriod', {
    spent: units(spent, token),
    amount: units(amount, token),
    symbol: token.symbol,
  })
}

/** A limit as a permission line: 'Up to 10 USDC per day'. */
const upTo = (limit: Phrase) => phrase('session.upTo', { limit: { text: limit } })

/**
 * A session listed by GET /v1/sessions/{address} in plain words. Amounts are written in the token's
 * units when `tokens` knows it (the native coin's from `native`); otherwise in base units, with the
 * symbol the server gave.
 */
export function describeSession(
  session: SessionSummary,
  tokens: TokenBook,
  native: KnownToken,
): SessionRow {
  const tokenOf = (address: string, symbol?: string): KnownToken =>
    address.toLowerCase() === NATIVE
      ? native
      : (tokens.get(address.toLowerCase()) ?? {
          symbol: symbol ? `${symbol} (base units)` : `base units of ${address}`,
          decimals: 0,
        })
  const permissions = session.permissions.map((permission) => {
    switch (permission.type) {
      case 'contract-call': {
        const token = tokens.get(permission.data.address.toLowerCase())
        return phrase('session.mayCall', {
          functions: permission.data.functions.join(', '),
          contract: token?.symbol ?? permission.data.address,
        })
      }
      case 'erc20-token-periodic':
        return upTo(
          limitPhrase(
            BigInt(permission.data.periodAmount),
            permission.data.periodDuration,
            tokenOf(permission.data.tokenAddress),
          ),
        )
      case 'native-token-periodic':
        return upTo(
          limitPhrase(BigInt(permission.data.periodAmount), permission.data.periodDuration, native),
        )
    }
    return phrase('session.unknownPermission')
  })
  const usage = session.usage.map((entry) =>
    usagePhrase(
      BigInt(entry.spent),
      BigInt(entry.periodAmount),
      entry.periodDuration,
      tokenOf(entry.token, entry.symbol),
    ),
  )
  return {
    pci: session.pci as `0x${string}`,
    site: session.origin,
    status: session.status,
    statusText: phrase(STATUS_TEXT[session.status]),
    expiryText: phrase(session.status === 'expired' ? 'session.expiredAt' : 'session.expiresAt', {
      date: { utc: session.expiry },
    }),
    permissions,
    usage,
    canRevoke: session.status === 'active',
  }
}
