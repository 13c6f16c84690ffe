import { describe, expect, it } from 'vitest'
import { dayStart, periodStart, refusalOf, type SponsorshipPolicy } from './policy.ts'

const SHOP = '0x1111111111111111111111111111111111111111' as const
const OTHER = '0x2222222222222222222222222222222222222222' as const

const policy = (change: Partial<SponsorshipPolicy> = {}): SponsorshipPolicy => ({
  enabled: true,
  budgetWei: 1000n,
  period: 'month',
  allowedTargets: [],
  visitorDailyCapWei: null,
  clientSharePercent: 100,
  ...change,
})
const unused = { periodWei: 0n, visitorTodayWei: 0n, clientOpenWei: 0n }

describe('refusalOf', () => {
  it('pays nothing without a policy or with one turned off', () => {
    expect(refusalOf(undefined, { targets: [SHOP] }, unused)).toBe('disabled')
    expect(refusalOf(policy({ enabled: false }), { targets: [SHOP] }, unused)).toBe('disabled')
    expect(refusalOf(policy(), { targets: [SHOP], maxCostWei: 10n }, unused)).toBeUndefined()
  })

  it('pays calls to the allowed contracts only, whatever their case, and none it cannot read', () => {
    const shopOnly = policy({ allowedTargets: [SHOP] })
    const mixedCase = policy({ allowedTargets: ['0xAbCdEf0000000000000000000000000000000001'] })
    const lower = '0xabcdef0000000000000000000000000000000001'
    expect(refusalOf(mixedCase, { targets: [lower] }, unused)).toBeUndefined()
    expect(refusalOf(shopOnly, { targets: [SHOP, SHOP] }, unused)).toBeUndefined()
    // One call elsewhere in a batch is enough to refuse the whole operation.
    expect(refusalOf(shopOnly, { targets: [SHOP, OTHER] }, unused)).toBe('target')
    expect(refusalOf(shopOnly, { targets: undefined }, unused)).toBe('target')
    expect(refusalOf(shopOnly, { targets: [] }, unused)).toBe('target')
    // An empty list allows any contract, and calls it cannot read.
    expect(refusalOf(policy(), { targets: undefined }, unused)).toBeUndefined()
  })

  it("refuses what would pass the visitor's daily cap, then the budget, counting to the wei", () => {
    const capped = policy({ budgetWei: 1000n, visitorDailyCapWei: 300n })
    const at = (periodWei: bigint, visitorTodayWei: bigint, maxCostWei?: bigint) =>
      refusalOf(
        capped,
        { targets: [SHOP], maxCostWei },
        { periodWei, visitorTodayWei, clientOpenWei: 0n },
      )
    expect(at(0n, 200n, 100n)).toBeUndefined()
    expect(at(0n, 200n, 101n)).toBe('visitorCap')
    expect(at(900n, 0n, 100n)).toBeUndefined()
    expect(at(900n, 0n, 101n)).toBe('budget')
    // Before its gas is known (a stub), only a cap or budget already used up refuses.
    expect(at(999n, 299n)).toBeUndefined()
    expect(at(0n, 300n)).toBe('visitorCap')
    expect(at(1000n, 0n)).toBe('budget')
  })

  it('refuses what would take one client past its share of the budget in open reservations', () => {
    const shared = policy({ budgetWei: 1000n, clientSharePercent: 10 })
    const holding = (clientOpenWei: bigint, maxCostWei?: bigint) =>
      refusalOf(
        shared,
        { targets: [SHOP], maxCostWei },
        { periodWei: clientOpenWei, visitorTodayWei: 0n, clientOpenWei },
      )
    expect(holding(0n, 100n)).toBeUndefined()
    expect(holding(0n, 101n)).toBe('budget')
    expect(holding(60n, 40n)).toBeUndefined()
    expect(holding(60n, 41n)).toBe('budget')
    expect(holding(99n)).toBeUndefined()
    expect(holding(100n)).toBe('budget')
  })
})

describe('budget periods', () => {
  const now = new Date('2026-11-25T17:45:12.345Z') // a Wednesday
  it('start at midnight UTC, on Monday, on the first of the month', () => {
    expect(dayStart(now).toISOString()).toBe('2026-11-25T00:00:00.000Z')
    expect(periodStart('day', now).toISOString()).toBe('2026-11-25T00:00:00.000Z')
    expect(periodStart('week', now).toISOString()).toBe('2026-11-23T00:00:00.000Z')
    expect(periodStart('month', now).toISOString()).toBe('2026-11-01T00:00:00.000Z')
    // A Sunday belongs to the week that began six days before; a Monday starts its own.
    expect(periodStart('week', new Date('2026-11-29T23:59:59Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    )
    expect(periodStart('week', new Date('2026-11-30T00:00:00Z')).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    )
  })
})
