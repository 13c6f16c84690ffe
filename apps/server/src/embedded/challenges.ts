import type { Queryable } from '../db/index.ts'
import { OTP_MAX_FAILED_ATTEMPTS } from './constants.ts'

/** One email login attempt: an optional device approval, then a mailed code. */
export type LoginChallenge = {
  id: string
  email: string
  deviceHash: string
  createdAt: Date
  /** Set when a known user's new device must be approved from the mail first. */
  approvalExpiresAt: Date | null
  approvedAt: Date | null
  /** Set once the code is mailed. */
  codeHash: string | null
  codeExpiresAt: Date | null
  failedAttempts: number
  usedAt: Date | null
}

type ChallengeRow = {
  id: string
  email: string
  device_hash: string
  created_at: Date
  approval_expires_at: Date | null
  approved_at: Date | null
  code_hash: string | null
  code_expires_at: Date | null
  failed_attempts: number
  used_at: Date | null
}

const COLUMNS = `id, email, device_hash, created_at, approval_expires_at, approved_at, code_hash,
  code_expires_at, failed_attempts, used_at`

const dateOrNull = (value: Date | null) => (value ? new Date(value) : null)

const toChallenge = (row: ChallengeRow): LoginChallenge => ({
  id: row.id,
  email: row.email,
  deviceHash: row.device_hash,
  createdAt: new Date(row.created_at),
  approvalExpiresAt: dateOrNull(row.approval_expires_at),
  approvedAt: dateOrNull(row.approved_at),
  codeHash: row.code_hash,
  codeExpiresAt: dateOrNull(row.code_expires_at),
  failedAttempts: Number(row.failed_attempts),
  usedAt: dateOrNull(row.used_at),
})

/** Email login challenges; every rule reads the database, so server instances agree. */
export class LoginChallengeStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  /** When the email's challenges since `since` started, newest first (cooldown and limit). */
  async startsSince(email: string, since: Date): Promise<Date[]> {
    const rows = await this.#db.query<{ created_at: Date }>(
      `select created_at from wallet_login_challenges
       where email = $1 and created_at > $2 order by created_at desc`,
      [email, since],
    )
    return rows.map((row) => new Date(row.created_at))
  }

  async create(
    challenge: {
      id: string
      email: string
      deviceHash: string
      approval?: { tokenHash: string; expiresAt: Date }
      code?: { hash: string; expiresAt: Date }
    },
    now: Date,
  ): Promise<void> {
    // Challenges a day old say nothing any rule still reads: dropped as new ones come.
    await this.#db.query('delete from wallet_login_challenges where created_at < $1', [
      new Date(now.getTime() - 24 * 60 * 60_000),
    ])
    await this.#db.query(
      `insert into wallet_login_challenges
         (id, email, device_hash, created_at, approval_token_hash, approval_expires_at,
          code_hash, code_expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        challenge.id,
        challenge.email,
        challenge.deviceHash,
        now,
        challenge.approval?.tokenHash ?? null,
        challenge.approval?.expiresAt ?? null,
        challenge.code?.hash ?? null,
        challenge.code?.expiresAt ?? null,
      ],
    )
  }

  /** The newest challenge of this email on this device: the only one a code is checked against. */
  async latest(email: string, deviceHash: string): Promise<LoginChallenge | null> {
    const rows = await this.#db.query<ChallengeRow>(
      `select ${COLUMNS} from wallet_login_challenges
       where email = $1 and device_hash = $2 order by created_at desc, id limit 1`,
      [email, deviceHash],
    )
    return rows[0] ? toChallenge(rows[0]) : null
  }

  async findByApprovalToken(tokenHash: string): Promise<LoginChallenge | null> {
    const rows = await this.#db.query<ChallengeRow>(
      `select ${COLUMNS} from wallet_login_challenges where approval_token_hash = $1`,
      [tokenHash],
    )
    return rows[0] ? toChallenge(rows[0]) : null
  }

  /** Approves the device and sets the code, once; false when already approved or expired. */
  async approve(id: string, code: { hash: string; expiresAt: Date }, now: Date): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_login_challenges
       set approved_at = $2, code_hash = $3, code_expires_at = $4
       where id = $1 and approved_at is null and approval_expires_at > $2
       returning id`,
      [id, now, code.hash, code.expiresAt],
    )
    return rows.length === 1
  }

  /** Counts a wrong code; returns the failures after it (or the cap, when already burnt). */
  async countFailure(id: string): Promise<number> {
    const rows = await this.#db.query<{ failed_attempts: number }>(
      `update wallet_login_challenges set failed_attempts = failed_attempts + 1
       where id = $1 and failed_attempts < $2 and used_at is null
       returning failed_attempts`,
      [id, OTP_MAX_FAILED_ATTEMPTS],
    )
    return rows[0] ? Number(rows[0].failed_attempts) : OTP_MAX_FAILED_ATTEMPTS
  }

  /** Uses the code, once, while it still is usable; false when a concurrent call took it. */
  async use(id: string, now: Date): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_login_challenges set used_at = $2
       where id = $1 and used_at is null and failed_attempts < $3 and code_expires_at > $2
       returning id`,
      [id, now, OTP_MAX_FAILED_ATTEMPTS],
    )
    return rows.length === 1
  }
}
