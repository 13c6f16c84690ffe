import type { SponsorshipRefusal } from '@latch/protocol'
import type { Address, Hex } from 'viem'
import type { Database, Queryable } from '../db/index.ts'
import {
  type BudgetPeriod,
  dayStart,
  periodStart,
  type SponsorshipPolicy,
  type SponsorshipUsage,
} from './policy.ts'

type PolicyRow = {
  enabled: boolean
  budget_wei: string
  budget_period: BudgetPeriod
  allowed_targets: string[]
  visitor_daily_cap_wei: string | null
  client_share_percent: number
}

const POLICY_COLUMNS = `enabled, budget_wei::text as budget_wei, budget_period, allowed_targets,
  visitor_daily_cap_wei::text as visitor_daily_cap_wei, client_share_percent`

const toPolicy = (row: PolicyRow): SponsorshipPolicy => ({
  enabled: row.enabled,
  budgetWei: BigInt(row.budget_wei),
  period: row.budget_period,
  allowedTargets: row.allowed_targets as Address[],
  visitorDailyCapWei: row.visitor_daily_cap_wei === null ? null : BigInt(row.visitor_daily_cap_wei),
  clientSharePercent: row.client_share_percent,
})

/**
 * Who asks for a sponsorship, as the budget counts them: one client holds at most its policy's
 * share of the budget in open reservations (see clientKey.ts for the keys).
 */
export type SponsorshipAsker = { sender: Address; client: string }

const NOTHING_USED: SponsorshipUsage = { periodWei: 0n, visitorTodayWei: 0n, clientOpenWei: 0n }

/** A signed sponsorship whose operation has not been seen on the chain yet. */
export type OpenSponsorship = {
  userOpHash: Hex
  sender: Address
  nonce: bigint
  fromBlock: bigint
  validUntil: Date
}

/** What a project's sponsorships come to, by state (wei). */
export type SponsorshipTotals = { reservedWei: bigint; spentWei: bigint; spentCount: number }

/** The policy of `projectId`, or undefined when it has none (it sponsors nothing). */
export async function getPolicy(
  db: Queryable,
  projectId: string,
): Promise<SponsorshipPolicy | undefined> {
  const [row] = await db.query<PolicyRow>(
    `select ${POLICY_COLUMNS} from sponsorship_policies where project_id = $1`,
    [projectId],
  )
  return row ? toPolicy(row) : undefined
}

/**
 * Sets what `projectId` sponsors (an owner's settings: the default project's from the environment
 * at start, any project's from a script or a test). Sponsorships already signed keep counting.
 */
export async function setPolicy(
  db: Queryable,
  projectId: string,
  policy: SponsorshipPolicy,
  now = new Date(),
): Promise<void> {
  await db.query(
    `insert into sponsorship_policies (project_id, enabled, budget_wei, budget_period,
       allowed_targets, visitor_daily_cap_wei, client_share_percent, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (project_id) do update set enabled = excluded.enabled,
       budget_wei = excluded.budget_wei, budget_period = excluded.budget_period,
       allowed_targets = excluded.allowed_targets,
       visitor_daily_cap_wei = excluded.visitor_daily_cap_wei,
       client_share_percent = excluded.client_share_percent, updated_at = excluded.updated_at`,
    [
      projectId,
      policy.enabled,
      policy.budgetWei.toString(),
      policy.period,
      policy.allowedTargets.map((target) => target.toLowerCase()),
      policy.visitorDailyCapWei === null ? null : policy.visitorDailyCapWei.toString(),
      policy.clientSharePercent,
      now,
    ],
  )
}

/**
 * What the project has used in its current period and `sender` today, and what `client` holds
 * open: spent at what it cost, reserved at the most it can cost while its signature is valid
 * (the EntryPoint refuses it after, whether or not the settler has released it yet), released
 * not at all.
 */
async function usageOf(
  db: Queryable,
  projectId: string,
  policy: SponsorshipPolicy,
  asker: SponsorshipAsker,
  now: Date,
): Promise<SponsorshipUsage> {
  const [period, day] = [periodStart(policy.period, now), dayStart(now)]
  const [row] = await db.query<{ period_wei: string; visitor_wei: string; client_wei: string }>(
    `select
       coalesce(sum(cost) filter (where created_at >= $3), 0)::text as period_wei,
       coalesce(sum(cost) filter (where created_at >= $4 and sender = $2), 0)::text as visitor_wei,
       (select coalesce(sum(max_cost_wei), 0) from sponsorships
         where project_id = $1 and client_key = $6 and status = 'reserved' and valid_until >= $5
       )::text as client_wei
     from (
       select sender, created_at,
         case when status = 'spent' then actual_cost_wei
           when status = 'reserved' and valid_until >= $5 then max_cost_wei else 0 end as cost
       from sponsorships
       where project_id = $1 and created_at >= least($3::timestamptz, $4::timestamptz)
     ) as used`,
    [projectId, asker.sender.toLowerCase(), period, day, now, asker.client],
  )
  return {
    periodWei: BigInt(row?.period_wei ?? 0),
    visitorTodayWei: BigInt(row?.visitor_wei ?? 0),
    clientOpenWei: BigInt(row?.client_wei ?? 0),
  }
}

/** The project's policy and what it has used, read without reserving anything (for a stub). */
export async function readUsage(
  db: Queryable,
  projectId: string,
  asker: SponsorshipAsker,
  now: Date,
): Promise<{ policy: SponsorshipPolicy | undefined; usage: SponsorshipUsage }> {
  const policy = await getPolicy(db, projectId)
  const usage = policy ? await usageOf(db, projectId, policy, asker, now) : NOTHING_USED
  return { policy, usage }
}

/**
 * Reserves `maxCostWei` of the project's budget for one signed operation, if `decide` lets it: in
 * one transaction that first locks the project's policy row, so two requests of one project are
 * decided one after the other, each seeing the other's reservation. Returns why it refused, or
 * undefined once reserved.
 */
export async function reserve(
  db: Database,
  request: {
    projectId: string
    chainId: number
    userOpHash: Hex
    sender: Address
    /** Who asked for it (clientKey.ts): what it holds open counts against its share. */
    client: string
    nonce: bigint
    maxCostWei: bigint
    fromBlock: bigint
    validUntil: Date
    now: Date
  },
  decide: (
    policy: SponsorshipPolicy | undefined,
    usage: SponsorshipUsage,
  ) => SponsorshipRefusal | undefined,
): Promise<SponsorshipRefusal | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<PolicyRow>(
      `select ${POLICY_COLUMNS} from sponsorship_policies where project_id = $1 for update`,
      [request.projectId],
    )
    const policy = row ? toPolicy(row) : undefined
    const usage = policy
      ? await usageOf(tx, request.projectId, policy, request, request.now)
      : NOTHING_USED
    const refusal = decide(policy, usage)
    if (refusal) return refusal
    await tx.query(
      `insert into sponsorships (chain_id, user_op_hash, project_id, sender, client_key, nonce,
         status, max_cost_wei, from_block, valid_until, created_at)
       values ($1, $2, $3, $4, $5, $6, 'reserved', $7, $8, $9, $10)
       on conflict (chain_id, user_op_hash) do nothing`,
      [
        request.chainId,
        request.userOpHash.toLowerCase(),
        request.projectId,
        request.sender.toLowerCase(),
        request.client,
        request.nonce.toString(),
        request.maxCostWei.toString(),
        request.fromBlock.toString(),
        request.validUntil,
        request.now,
      ],
    )
    return undefined
  })
}

/** The oldest reservations on `chainId` not yet seen on the chain. */
export async function openSponsorships(
  db: Queryable,
  chainId: number,
  limit: number,
): Promise<OpenSponsorship[]> {
  const rows = await db.query<{
    user_op_hash: Hex
    sender: Address
    nonce: string
    from_block: string
    valid_until: Date
  }>(
    `select user_op_hash, sender, nonce::text as nonce, from_block::text as from_block, valid_until
     from sponsorships where chain_id = $1 and status = 'reserved'
     order by from_block limit $2`,
    [chainId, limit],
  )
  return rows.map((row) => ({
    userOpHash: row.user_op_hash,
    sender: row.sender,
    nonce: BigInt(row.nonce),
    fromBlock: BigInt(row.from_block),
    validUntil: new Date(row.valid_until),
  }))
}

/**
 * Records what a landed operation cost, once: only a sponsorship not spent yet is updated, so a
 * second sighting (a retry, another server instance) changes nothing. Its siblings (other
 * signatures for the same account and nonce) can never land now and are released. Returns
 * whether this call recorded it.
 */
export async function recordSpent(
  db: Database,
  landed: { chainId: number; userOpHash: Hex; actualCostWei: bigint; txHash: Hex; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ sender: string; nonce: string }>(
      `update sponsorships set status = 'spent', actual_cost_wei = $3, tx_hash = $4, settled_at = $5
       where chain_id = $1 and user_op_hash = $2 and status <> 'spent'
       returning sender, nonce::text as nonce`,
      [
        landed.chainId,
        landed.userOpHash.toLowerCase(),
        landed.actualCostWei.toString(),
        landed.txHash.toLowerCase(),
        landed.now,
      ],
    )
    if (!row) return false
    await tx.query(
      `update sponsorships set status = 'released', settled_at = $4
       where chain_id = $1 and sender = $2 and nonce = $3 and status = 'reserved'`,
      [landed.chainId, row.sender, row.nonce, landed.now],
    )
    return true
  })
}

/** Releases reservations that can no longer land; returns how many. */
export async function releaseExpired(
  db: Queryable,
  chainId: number,
  userOpHashes: readonly Hex[],
  now: Date,
): Promise<number> {
  if (userOpHashes.length === 0) return 0
  const rows = await db.query(
    `update sponsorships set status = 'released', settled_at = $3
     where chain_id = $1 and user_op_hash = any($2) and status = 'reserved'
     returning user_op_hash`,
    [chainId, userOpHashes.map((hash) => hash.toLowerCase()), now],
  )
  return rows.length
}

/** The project's sponsorships by state, since `since` (all time by default). */
export async function sponsorshipTotals(
  db: Queryable,
  projectId: string,
  since = new Date(0),
): Promise<SponsorshipTotals> {
  const [row] = await db.query<{ reserved: string; spent: string; spent_count: number }>(
    `select
       coalesce(sum(max_cost_wei) filter (where status = 'reserved'), 0)::text as reserved,
       coalesce(sum(actual_cost_wei) filter (where status = 'spent'), 0)::text as spent,
       (count(*) filter (where status = 'spent'))::int as spent_count
     from sponsorships where project_id = $1 and created_at >= $2`,
    [projectId, since],
  )
  return {
    reservedWei: BigInt(row?.reserved ?? 0),
    spentWei: BigInt(row?.spent ?? 0),
    spentCount: row?.spent_count ?? 0,
  }
}
