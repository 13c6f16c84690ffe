import type { Queryable } from '../db/index.ts'
import { OTP_MAX_FAILED_ATTEMPTS } from './constants.ts'

/** Which of an email update's two codes: the current address's, then the new one's. */
export type UpdateCodeSlot = 'primary' | 'secondary'

/** A change of a user's email in progress. */
export type EmailUpdate = {
  id: string
  userId: string
  currentEmail: string
  newEmail: string
  createdAt: Date
  expiresAt: Date
  codeHashes: Record<UpdateCodeSlot, string>
  failedAttempts: Record<UpdateCodeSlot, number>
  primaryVerifiedAt: Date | null
  completedAt: Date | null
}

type UpdateRow = {
  id: string
  user_id: string
  current_email: string
  new_email: string
  created_at: Date
  expires_at: Date
  primary_code_hash: string
  secondary_code_hash: string
  primary_failed_attempts: number
  secondary_failed_attempts: number
  primary_verified_at: Date | null
  completed_at: Date | null
}

const toUpdate = (row: UpdateRow): EmailUpdate => ({
  id: row.id,
  userId: row.user_id,
  currentEmail: row.current_email,
  newEmail: row.new_email,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  codeHashes: { primary: row.primary_code_hash, secondary: row.secondary_code_hash },
  failedAttempts: {
    primary: Number(row.primary_failed_attempts),
    secondary: Number(row.secondary_failed_attempts),
  },
  primaryVerifiedAt: row.primary_verified_at ? new Date(row.primary_verified_at) : null,
  completedAt: row.completed_at ? new Date(row.completed_at) : null,
})

// Column names come from this map only, never from a caller's string.
const FAILED_COLUMN: Record<UpdateCodeSlot, string> = {
  primary: 'primary_failed_attempts',
  secondary: 'secondary_failed_attempts',
}

/** Email updates; like login challenges, every rule reads the database. */
export class EmailUpdateStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  /** When the user's updates since `since` started, newest first (cooldown and limit). */
  async startsSince(userId: string, since: Date): Promise<Date[]> {
    const rows = await this.#db.query<{ created_at: Date }>(
      `select created_at from wallet_email_updates
       where user_id = $1 and created_at > $2 order by created_at desc`,
      [userId, since],
    )
    return rows.map((row) => new Date(row.created_at))
  }

  async create(
    update: Omit<EmailUpdate, 'failedAttempts' | 'primaryVerifiedAt' | 'completedAt'>,
  ): Promise<void> {
    await this.#db.query('delete from wallet_email_updates where created_at < $1', [
      new Date(update.createdAt.getTime() - 24 * 60 * 60_000),
    ])
    await this.#db.query(
      `insert into wallet_email_updates
         (id, user_id, current_email, new_email, created_at, expires_at, primary_code_hash,
          secondary_code_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        update.id,
        update.userId,
        update.currentEmail,
        update.newEmail,
        update.createdAt,
        update.expiresAt,
        update.codeHashes.primary,
        update.codeHashes.secondary,
      ],
    )
  }

  /** The user's newest update: the only one whose codes count. */
  async latest(userId: string): Promise<EmailUpdate | null> {
    const rows = await this.#db.query<UpdateRow>(
      `select * from wallet_email_updates where user_id = $1
       order by created_at desc, id limit 1`,
      [userId],
    )
    return rows[0] ? toUpdate(rows[0]) : null
  }

  /** Counts a wrong code of `slot`; returns the failures after it. */
  async countFailure(id: string, slot: UpdateCodeSlot): Promise<number> {
    const column = FAILED_COLUMN[slot]
    const rows = await this.#db.query<{ failed: number }>(
      `update wallet_email_updates set ${column} = ${column} + 1
       where id = $1 and ${column} < $2 and completed_at is null
       returning ${column} as failed`,
      [id, OTP_MAX_FAILED_ATTEMPTS],
    )
    return rows[0] ? Number(rows[0].failed) : OTP_MAX_FAILED_ATTEMPTS
  }

  async markPrimaryVerified(id: string, now: Date): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_email_updates set primary_verified_at = $2
       where id = $1 and primary_verified_at is null and primary_failed_attempts < $3
         and expires_at > $2
       returning id`,
      [id, now, OTP_MAX_FAILED_ATTEMPTS],
    )
    return rows.length === 1
  }

  async complete(id: string, now: Date): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_email_updates set completed_at = $2
       where id = $1 and completed_at is null and primary_verified_at is not null
         and secondary_failed_attempts < $3 and expires_at > $2
       returning id`,
      [id, now, OTP_MAX_FAILED_ATTEMPTS],
    )
    return rows.length === 1
  }
}
