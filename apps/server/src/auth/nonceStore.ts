import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { SIWX_NONCE_BYTES, SIWX_NONCE_TTL_MS } from './constants.ts'

export type SiwxNonce = { nonce: string; expiresAt: Date; usedAt: Date | null }

type NonceRow = { nonce: string; expires_at: Date; used_at: Date | null }

const toNonce = (row: NonceRow): SiwxNonce => ({
  nonce: row.nonce,
  expiresAt: new Date(row.expires_at),
  usedAt: row.used_at ? new Date(row.used_at) : null,
})

/** The single-use nonces of sign-in messages, per project. */
export class SiwxNonceStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  /** A new random nonce for the project, usable for SIWX_NONCE_TTL_MS. */
  async issue(projectId: string, now = new Date()): Promise<SiwxNonce> {
    const nonce = randomBytes(SIWX_NONCE_BYTES).toString('hex')
    const expiresAt = new Date(now.getTime() + SIWX_NONCE_TTL_MS)
    // Nonces long expired say nothing a message could still use: dropped as new ones come.
    await this.#db.query('delete from siwx_nonces where expires_at < $1', [
      new Date(now.getTime() - SIWX_NONCE_TTL_MS),
    ])
    await this.#db.query(
      'insert into siwx_nonces (nonce, project_id, expires_at) values ($1, $2, $3)',
      [nonce, projectId, expiresAt],
    )
    return { nonce, expiresAt, usedAt: null }
  }

  async find(projectId: string, nonce: string): Promise<SiwxNonce | null> {
    const rows = await this.#db.query<NonceRow>(
      'select nonce, expires_at, used_at from siwx_nonces where project_id = $1 and nonce = $2',
      [projectId, nonce],
    )
    return rows[0] ? toNonce(rows[0]) : null
  }

  /** Marks the nonce used if it still is usable; false when another sign-in took it first. */
  static async consume(
    tx: Queryable,
    projectId: string,
    nonce: string,
    now = new Date(),
  ): Promise<boolean> {
    const rows = await tx.query(
      `update siwx_nonces set used_at = $3
       where project_id = $1 and nonce = $2 and used_at is null and expires_at > $3
       returning nonce`,
      [projectId, nonce, now],
    )
    return rows.length === 1
  }
}
