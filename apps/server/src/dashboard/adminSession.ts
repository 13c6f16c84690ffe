import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** The dashboard's session cookie: HttpOnly, SameSite=Strict, only ever sent to the dashboard. */
export const SESSION_COOKIE = 'latch_dashboard'

/** How long a login lasts before the owner types the token again. */
export const SESSION_TTL_MS = 12 * 60 * 60_000

const digest = (value: string): Buffer => createHash('sha256').update(value).digest()

/**
 * Whether `given` is the admin token, in time that does not depend on where they differ: both are
 * hashed first, so even their lengths do not show.
 */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

// The session is a signed expiry, keyed by the admin token itself: any instance sharing the token
// checks it without shared state, and changing the token logs every owner out.
const signature = (adminToken: string, expiresAt: number): string =>
  createHmac('sha256', digest(`latch-dashboard-session:${adminToken}`))
    .update(String(expiresAt))
    .digest('base64url')

/** A new session's cookie value and when it ends. */
export function issueSession(
  adminToken: string,
  now = Date.now(),
): { value: string; expiresAt: Date } {
  const expiresAt = now + SESSION_TTL_MS
  return {
    value: `${expiresAt}.${signature(adminToken, expiresAt)}`,
    expiresAt: new Date(expiresAt),
  }
}

/** When the session of `value` ends, or undefined when it is forged, malformed or over. */
export function sessionExpiry(
  adminToken: string,
  value: string | undefined,
  now = Date.now(),
): Date | undefined {
  const match = value ? /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(value) : null
  if (!match) return undefined
  const expiresAt = Number(match[1])
  const expected = Buffer.from(signature(adminToken, expiresAt))
  const given = Buffer.from(match[2] as string)
  if (!timingSafeEqual(expected, given) || expiresAt <= now) return undefined
  return new Date(expiresAt)
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}
