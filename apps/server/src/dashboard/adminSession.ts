import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/index.ts'

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

/** A cookie value as `open` makes one: 32 random bytes, base64url. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/

/**
 * The owner's dashboard sessions, one row each in the database: every instance sees the same
 * ones, and logging out deletes its row, so the cookie a browser kept is refused afterwards
 * everywhere. A row is found by an HMAC of the cookie under the admin token, so changing the
 * token logs every owner out.
 */
export class AdminSessions {
  readonly #db: Queryable
  readonly #key: Buffer
  readonly #now: () => number

  constructor(db: Queryable, adminToken: string, now: () => number = Date.now) {
    this.#db = db
    this.#key = digest(`latch-dashboard-session:${adminToken}`)
    this.#now = now
  }

  #rowKey(value: string): string {
    return createHmac('sha256', this.#key).update(value).digest('base64url')
  }

  /** Opens a session: its cookie value (kept nowhere on the server) and when it ends. */
  async open(): Promise<{ value: string; expiresAt: Date }> {
    const now = this.#now()
    const value = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now + SESSION_TTL_MS)
    // Sessions that ended are dropped as new ones open: the table holds a few rows at most.
    await this.#db.query('delete from dashboard_sessions where expires_at <= $1', [new Date(now)])
    await this.#db.query('insert into dashboard_sessions (key_hash, expires_at) values ($1, $2)', [
      this.#rowKey(value),
      expiresAt,
    ])
    return { value, expiresAt }
  }

  /** When the session of cookie `value` ends, or undefined when it is unknown, ended or over. */
  async expiryOf(value: string | undefined): Promise<Date | undefined> {
    if (!value || !COOKIE_VALUE.test(value)) return undefined
    const rows = await this.#db.query<{ expires_at: Date | string }>(
      'select expires_at from dashboard_sessions where key_hash = $1 and expires_at > $2',
      [this.#rowKey(value), new Date(this.#now())],
    )
    return rows[0] ? new Date(rows[0].expires_at) : undefined
  }

  /** Ends the session of cookie `value`, if there is one. */
  async end(value: string | undefined): Promise<void> {
    if (!value || !COOKIE_VALUE.test(value)) return
    await this.#db.query('delete from dashboard_sessions where key_hash = $1', [
      this.#rowKey(value),
    ])
  }
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}
