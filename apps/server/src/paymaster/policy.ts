import type { SponsorshipRefusal } from '@latch/protocol'
import type { Address } from 'viem'

/** How long a project's sponsorship budget lasts before it starts again (UTC calendar). */
export const BUDGET_PERIODS = ['day', 'week', 'month'] as const
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number]

/** What a project pays for its visitors' user operations. */
export type SponsorshipPolicy = {
  enabled: boolean
  /** The most the project pays in one period, in wei: spent and reserved together. */
  budgetWei: bigint
  period: BudgetPeriod
  /** The contracts an operation may call to be paid for (lowercase); empty: any. */
  allowedTargets: Address[]
  /** The most one account (a visitor) is paid for in one UTC day, in wei; null: no cap. */
  visitorDailyCapWei: bigint | null
  /**
   * The share of the budget one client (an IP, an embedded wallet's user) may hold in open
   * reservations, in percent (1 to 100; SPONSORSHIP_CLIENT_SHARE_PERCENT by default).
   */
  clientSharePercent: number
}

/**
 * What a project has used: spent plus open reservations, in the current period and by one
 * visitor today; and what the asking client holds in open reservations.
 */
export type SponsorshipUsage = { periodWei: bigint; visitorTodayWei: bigint; clientOpenWei: bigint }

const DAY_MS = 86_400_000

/** Midnight UTC of `now`'s day. */
export function dayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS)
}

/** The start of the budget period holding `now`: the UTC day, the week from Monday, the month. */
export function periodStart(period: BudgetPeriod, now: Date): Date {
  if (period === 'day') return dayStart(now)
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const day = dayStart(now)
  // getUTCDay: Sunday is 0; a week starts on Monday.
  const sinceMonday = (day.getUTCDay() + 6) % 7
  return new Date(day.getTime() - sinceMonday * DAY_MS)
}

/**
 * Why the policy does not pay for an operation, or undefined when it pays. `targets` are the
 * contracts the operation calls (undefined: its calls cannot be read, so no allowlist can pass
 * them). `maxCostWei` is the most the operation can cost; without it (before its gas is known)
 * only a budget, cap or client share already used up refuses.
 */
export function refusalOf(
  policy: SponsorshipPolicy | undefined,
  operation: { targets: readonly Address[] | undefined; maxCostWei?: bigint | undefined },
  usage: SponsorshipUsage,
): SponsorshipRefusal | undefined {
  if (!policy?.enabled) return 'disabled'
  if (policy.allowedTargets.length > 0) {
    const allowed = new Set(policy.allowedTargets.map((target) => target.toLowerCase()))
    const { targets } = operation
    if (!targets || targets.length === 0) return 'target'
    if (targets.some((target) => !allowed.has(target.toLowerCase()))) return 'target'
  }
  const cost = operation.maxCostWei
  const exceeds = (used: bigint, limit: bigint) =>
    cost === undefined ? used >= limit : used + cost > limit
  if (
    policy.visitorDailyCapWei !== null &&
    exceeds(usage.visitorTodayWei, policy.visitorDailyCapWei)
  )
    return 'visitorCap'
  if (exceeds(usage.periodWei, policy.budgetWei)) return 'budget'
  // What one client may hold open: sponsorships it asks for and never sends cannot lock the rest.
  if (exceeds(usage.clientOpenWei, (policy.budgetWei * BigInt(policy.clientSharePercent)) / 100n))
    return 'budget'
  return undefined
}
