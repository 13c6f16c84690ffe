import type { Queryable } from '../../db/index.ts'

export type FarcasterOutcome = 'connected' | 'declined' | 'expired' | 'refused' | 'cancelled'

/** A Farcaster login, from /farcaster/start to the one /farcaster/finish that ends it. */
export type FarcasterFlow = {
  id: string
  secretHash: string
  projectId: string
  deviceHash: string
  /** The relay channel's token: the server polls the channel with it. */
  channelToken: string
  /** The nonce the signed message must carry: this login's alone, used once. */
  nonce: string
  /** The domain the signed message must name: the frame origin's host. */
  domain: string
  url: string
  createdAt: Date
  expiresAt: Date
  outcome: FarcasterOutcome | null
  /** Why a refused message was refused, worded for the visitor. */
  error: string | null
  finishedAt: Date | null
}

type FlowRow = {
  id: string
  secret_hash: string
  project_id: string
  device_hash: string
  channel_token: string
  nonce: string
  domain: string
  url: string
  created_at: Date
  expires_at: Date
  outcome: FarcasterOutcome | null
  error: string | null
  finished_at: Date | null
}

const COLUMNS =
  'id, secret_hash, project_id, device_hash, channel_token, nonce, domain, url, created_at, ' +
  'expires_at, outcome, error, finished_at'

const toFlow = (row: FlowRow): FarcasterFlow => ({
  id: row.id,
  secretHash: row.secret_hash,
  projectId: row.project_id,
  deviceHash: row.device_hash,
  channelToken: row.channel_token,
  nonce: row.nonce,
  domain: row.domain,
  url: row.url,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  outcome: row.outcome,
  error: row.error,
  finishedAt: row.finished_at ? new Date(row.finished_at) : null,
})

/** Farcaster logins in the database: every instance polls and ends the same rows. */
export class FarcasterFlowStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  async create(flow: Omit<FarcasterFlow, 'outcome' | 'error' | 'finishedAt'>): Promise<void> {
    // Logins that ended a day ago are dropped as new ones start.
    await this.#db.query('delete from wallet_farcaster_flows where expires_at < $1', [
      new Date(flow.createdAt.getTime() - 24 * 60 * 60_000),
    ])
    await this.#db.query(
      `insert into wallet_farcaster_flows (id, secret_hash, project_id, device_hash,
         channel_token, nonce, domain, url, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        flow.id,
        flow.secretHash,
        flow.projectId,
        flow.deviceHash,
        flow.channelToken,
        flow.nonce,
        flow.domain,
        flow.url,
        flow.createdAt,
        flow.expiresAt,
      ],
    )
  }

  async get(id: string): Promise<FarcasterFlow | null> {
    const rows = await this.#db.query<FlowRow>(
      `select ${COLUMNS} from wallet_farcaster_flows where id = $1`,
      [id],
    )
    return rows[0] ? toFlow(rows[0]) : null
  }

  /**
   * Ends a login once: false when it had ended already (another poll, on any instance, got there
   * first), so only one outcome, and one session, comes of a login and its nonce.
   */
  async finish(
    id: string,
    outcome: FarcasterOutcome,
    now: Date,
    error: string | null = null,
  ): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_farcaster_flows set outcome = $2, error = $3, finished_at = $4
       where id = $1 and finished_at is null returning id`,
      [id, outcome, error, now],
    )
    return rows.length === 1
  }
}
