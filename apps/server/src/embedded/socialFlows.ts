import type { Queryable } from '../db/index.ts'

/** A social login in progress, from /social/start to the one /social/finish that takes its session. */
export type SocialFlow = {
  id: string
  secretHash: string
  provider: string
  projectId: string
  deviceHash: string
  state: string
  nonce: string
  codeVerifier: string
  createdAt: Date
  expiresAt: Date
  /** Set by the callback: who logged in, with which provider subject. */
  userId: string | null
  identitySubject: string | null
  /** Set by the callback when the provider's answer was refused (a message for the user). */
  error: string | null
  completedAt: Date | null
  cancelledAt: Date | null
  consumedAt: Date | null
}

type FlowRow = {
  id: string
  secret_hash: string
  provider: string
  project_id: string
  device_hash: string
  state: string
  nonce: string
  code_verifier: string
  created_at: Date
  expires_at: Date
  user_id: string | null
  identity_subject: string | null
  error: string | null
  completed_at: Date | null
  cancelled_at: Date | null
  consumed_at: Date | null
}

const dateOrNull = (value: Date | null) => (value ? new Date(value) : null)

const toFlow = (row: FlowRow): SocialFlow => ({
  id: row.id,
  secretHash: row.secret_hash,
  provider: row.provider,
  projectId: row.project_id,
  deviceHash: row.device_hash,
  state: row.state,
  nonce: row.nonce,
  codeVerifier: row.code_verifier,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  userId: row.user_id,
  identitySubject: row.identity_subject,
  error: row.error,
  completedAt: dateOrNull(row.completed_at),
  cancelledAt: dateOrNull(row.cancelled_at),
  consumedAt: dateOrNull(row.consumed_at),
})

/** Social login flows, keyed by flow id and found by the provider's `state` on the callback. */
export class SocialFlowStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  async create(
    flow: Pick<
      SocialFlow,
      | 'id'
      | 'secretHash'
      | 'provider'
      | 'projectId'
      | 'deviceHash'
      | 'state'
      | 'nonce'
      | 'codeVerifier'
      | 'createdAt'
      | 'expiresAt'
    >,
  ): Promise<void> {
    // Flows a day old are of no use to anyone: dropped as new ones start.
    await this.#db.query('delete from wallet_social_flows where created_at < $1', [
      new Date(flow.createdAt.getTime() - 24 * 60 * 60_000),
    ])
    await this.#db.query(
      `insert into wallet_social_flows
         (id, secret_hash, provider, project_id, device_hash, state, nonce, code_verifier,
          created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        flow.id,
        flow.secretHash,
        flow.provider,
        flow.projectId,
        flow.deviceHash,
        flow.state,
        flow.nonce,
        flow.codeVerifier,
        flow.createdAt,
        flow.expiresAt,
      ],
    )
  }

  async get(id: string): Promise<SocialFlow | null> {
    const rows = await this.#db.query<FlowRow>('select * from wallet_social_flows where id = $1', [
      id,
    ])
    return rows[0] ? toFlow(rows[0]) : null
  }

  async findByState(state: string): Promise<SocialFlow | null> {
    const rows = await this.#db.query<FlowRow>(
      'select * from wallet_social_flows where state = $1',
      [state],
    )
    return rows[0] ? toFlow(rows[0]) : null
  }

  /** Records the callback's outcome, once: false when the flow was already completed or ended. */
  async complete(
    id: string,
    outcome: { userId: string; identitySubject: string } | { error: string },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_social_flows
       set completed_at = $2, user_id = $3, identity_subject = $4, error = $5
       where id = $1 and completed_at is null and cancelled_at is null and consumed_at is null
       returning id`,
      [
        id,
        now,
        'userId' in outcome ? outcome.userId : null,
        'userId' in outcome ? outcome.identitySubject : null,
        'error' in outcome ? outcome.error : null,
      ],
    )
    return rows.length === 1
  }

  /** Takes the flow's login, once: false when another finish took it first. */
  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_social_flows set consumed_at = $2
       where id = $1 and consumed_at is null and cancelled_at is null and user_id is not null
       returning id`,
      [id, now],
    )
    return rows.length === 1
  }

  async cancel(id: string, now: Date): Promise<void> {
    await this.#db.query(
      `update wallet_social_flows set cancelled_at = $2
       where id = $1 and cancelled_at is null and consumed_at is null`,
      [id, now],
    )
  }
}
