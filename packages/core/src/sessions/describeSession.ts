import { expiryText, limitText, usageText } from '@latch/protocol/session-text'
import type { SessionStatus, SessionSummary } from '@latch/protocol/smart-sessions'

/** A token the kit can name: its symbol and decimals, by lower-case address. */
export type KnownToken = { symbol: string; decimals: number }
export type TokenBook = ReadonlyMap<string, KnownToken>

/** The address the chain's native coin has in a spending limit. */
const NATIVE = '0x0000000000000000000000000000000000000000'

/** A session as the Account view lists it: every text already written. */
export type SessionRow = {
  pci: `0x${string}`
  /** The site that asked for it (its origin). */
  site: string
  status: SessionStatus
  /** 'Active', 'Expired', 'Revoked'. */
  statusText: string
  /** 'Expires Jan 15, 2027, 8:00 AM UTC' (or 'Expired ...'). */
  expiryText: string
  /** One line per permission: 'May call transfer(address,uint256) on USDC', 'Up to 10 USDC per day'. */
  permissions: string[]
  /** One line per limit, what was used in the period in force: '3 of 10 USDC today'. */
  usage: string[]
  /** Only an active session can be revoked. */
  canRevoke: boolean
}

const STATUS_TEXT: Record<SessionStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
}

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
        return `May call ${permission.data.functions.join(', ')} on ${token?.symbol ?? permission.data.address}`
      }
      case 'erc20-token-periodic':
        return `Up to ${limitText(
          BigInt(permission.data.periodAmount),
          permission.data.periodDuration,
          tokenOf(permission.data.tokenAddress),
        )}`
      case 'native-token-periodic':
        return `Up to ${limitText(BigInt(permission.data.periodAmount), permission.data.periodDuration, native)}`
    }
    return 'Unknown permission'
  })
  const usage = session.usage.map((entry) =>
    usageText(
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
    statusText: STATUS_TEXT[session.status] ?? session.status,
    expiryText: `${session.status === 'expired' ? 'Expired' : 'Expires'} ${expiryText(session.expiry)}`,
    permissions,
    usage,
    canRevoke: session.status === 'active',
  }
}
