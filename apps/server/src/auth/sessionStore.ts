import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { SIWX_TOKEN_BYTES } from './constants.ts'

export type SiwxSessionRecord = {
  projectId: string
  address: string
  /** The network signed on, as CAIP-2. */
  caipNetworkId: string
  /** The EIP-155 chain id on EVM; undefined on other families. */
  chainId: number | undefined
  domain: string
  uri: string
  createdAt: Date
  expiresAt: Date
  revokedAt: Date | null
}

type SessionRow = {
  project_id: string
  address: string
  chain_id: string | number | null
  caip_network_id: string
  domain: string
  uri: string
  created_at: Date
  expires_at: Date
  revoked_at: Date | null
}

const SESSION_COLUMNS =
  'project_id, address, chain_id, caip_network_id, domain, uri, created_at, expires_at, revoked_at'

const toSession = (row: SessionRow): SiwxSessionRecord => ({
  projectId: row.project_id,
  address: row.address,
  caipNetworkId: row.caip_network_id,
  chainId: row.chain_id === null ? undefined : Number(row.chain_id),
  domain: row.domain,
  uri: row.uri,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
})

/** The database keeps only this of a token: a leaked table opens no session. */
export const hashSessionToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex')

export type NewSession = Omit<SiwxSessionRecord, 'createdAt' | 'revokedAt'> & {
  nonce: string
  message: string
  signature: string
}

/** Sign-in sessions, found by the hash of their bearer token. */
export class SiwxSessionStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  /** Writes a session (in `tx`, with its nonce's consumption) and returns its new token. */
  static async create(
    tx: Queryable,
    session: NewSession,
  ): Promise<{ token: string; session: SiwxSessionRecord }> {
    const token = randomBytes(SIWX_TOKEN_BYTES).toString('base64url')
    const rows = await tx.query<SessionRow>(
      `insert into siwx_sessions
         (token_hash, project_id, address, chain_id, caip_network_id, domain, uri, nonce, message,
          signature, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       returning ${SESSION_COLUMNS}`,
      [
        hashSessionToken(token),
        session.projectId,
        session.address,
        session.chainId ?? null,
        session.caipNetworkId,
        session.domain,
        session.uri,
        session.nonce,
        session.message,
        session.signature,
        session.expiresAt,
      ],
    )
    return { token, session: toSession(rows[0] as SessionRow) }
  }

  async findByToken(token: string): Promise<SiwxSessionRecord | null> {
    const rows = await this.#db.query<SessionRow>(
      `select ${SESSION_COLUMNS} from siwx_sessions where token_hash = $1`,
      [hashSessionToken(token)],
    )
    return rows[0] ? toSession(rows[0]) : null
  }

  /** Revokes the session of the token; false when it was already revoked or never existed. */
  async revoke(token: string, now = new Date()): Promise<boolean> {
    const rows = await this.#db.query(
      `update siwx_sessions set revoked_at = $2
       where token_hash = $1 and revoked_at is null returning token_hash`,
      [hashSessionToken(token), now],
    )
    return rows.length === 1
  }
}
