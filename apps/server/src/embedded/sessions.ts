import type { Queryable } from '../db/index.ts'
import { randomToken, sha256Hex } from './codes.ts'
import { TOKEN_BYTES } from './constants.ts'

/** A session of the wallet frame: the user, and the identity it was opened with. */
export type WalletSession = {
  userId: string
  identityProvider: string
  identitySubject: string
  deviceHash: string
  projectId: string | null
  createdAt: Date
  expiresAt: Date
  revokedAt: Date | null
}

type SessionRow = {
  user_id: string
  identity_provider: string
  identity_subject: string
  device_hash: string
  project_id: string | null
  created_at: Date
  expires_at: Date
  revoked_at: Date | null
}

const toSession = (row: SessionRow): WalletSession => ({
  userId: row.user_id,
  identityProvider: row.identity_provider,
  identitySubject: row.identity_subject,
  deviceHash: row.device_hash,
  projectId: row.project_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
})

/** Sessions by the SHA-256 of their bearer token: the table alone opens none. */
export class WalletSessionStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  /** Opens a session; the token is returned once and kept nowhere. */
  async create(
    session: Omit<WalletSession, 'createdAt' | 'revokedAt'>,
    now: Date,
  ): Promise<{ token: string; session: WalletSession }> {
    const token = randomToken(TOKEN_BYTES)
    // Sessions that ended a while ago are dropped as new ones open.
    await this.#db.query('delete from wallet_sessions where expires_at < $1', [
      new Date(now.getTime() - 24 * 60 * 60_000),
    ])
    await this.#db.query(
      `insert into wallet_sessions
         (token_hash, user_id, identity_provider, identity_subject, device_hash, project_id,
          created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        sha256Hex(token),
        session.userId,
        session.identityProvider,
        session.identitySubject,
        session.deviceHash,
        session.projectId,
        now,
        session.expiresAt,
      ],
    )
    return { token, session: { ...session, createdAt: now, revokedAt: null } }
  }

  async findByToken(token: string): Promise<WalletSession | null> {
    const rows = await this.#db.query<SessionRow>(
      `select user_id, identity_provider, identity_subject, device_hash, project_id, created_at,
         expires_at, revoked_at
       from wallet_sessions where token_hash = $1`,
      [sha256Hex(token)],
    )
    return rows[0] ? toSession(rows[0]) : null
  }

  async revoke(token: string, now: Date): Promise<void> {
    await this.#db.query(
      'update wallet_sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null',
      [sha256Hex(token), now],
    )
  }

  /** Sessions opened with an identity follow it when the email changes. */
  async renameIdentity(provider: string, from: string, to: string): Promise<void> {
    await this.#db.query(
      `update wallet_sessions set identity_subject = $3
       where identity_provider = $1 and identity_subject = $2`,
      [provider, from, to],
    )
  }
}
