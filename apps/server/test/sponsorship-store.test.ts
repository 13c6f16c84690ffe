import { type Hex, keccak256, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createChainClients } from '../src/chains/clients.ts'
import { chainsOfDevnet } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/index.ts'
import { migrate } from '../src/db/migrate.ts'
import type { SponsorshipPolicy } from '../src/paymaster/policy.ts'
import { refusalOf } from '../src/paymaster/policy.ts'
import { SponsorshipSettler } from '../src/paymaster/settler.ts'
import {
  readUsage,
  recordSpent,
  reserve,
  setPolicy,
  sponsorshipTotals,
} from '../src/paymaster/store.ts'
import { ProjectStore } from '../src/projects.ts'
import { DIALECTS, freshDatabaseConfig } from './helpers.ts'

// The sponsorship ledger on both databases: parallel reservations decided one after the other,
// a landed operation recorded once however many record it, and reservations that can no longer
// land given back to the budget.

const devnet = inject('devnet')
const chainA = devnet.chains[0] as (typeof devnet.chains)[number]
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const POLICY: SponsorshipPolicy = {
  enabled: true,
  budgetWei: 1000n,
  period: 'month',
  allowedTargets: [],
  visitorDailyCapWei: null,
}
const hashOf = (label: string): Hex => keccak256(toHex(label))

describe.each(DIALECTS)('the sponsorship ledger on %s', (dialect) => {
  let db: Database
  let project = 0
  beforeAll(async () => {
    db = await openDatabase(await freshDatabaseConfig(dialect))
    await migrate(db)
  })
  afterAll(async () => {
    await db?.close()
  })

  async function freshProject(policy: Partial<SponsorshipPolicy> = {}): Promise<string> {
    const id = `ledger-${++project}`
    await new ProjectStore(db).upsert({ id, name: id, allowedOrigins: [] })
    await setPolicy(db, id, { ...POLICY, ...policy })
    return id
  }
  const reservation = (projectId: string, label: string, change: object = {}) => ({
    projectId,
    chainId: chainA.chainId,
    userOpHash: hashOf(label),
    sender: SENDER as Hex,
    nonce: 0n,
    maxCostWei: 300n,
    fromBlock: 1n,
    validUntil: new Date(Date.now() + 600_000),
    now: new Date(),
    ...change,
  })
  const decideWith =
    (maxCostWei: bigint) =>
    (
      policy: SponsorshipPolicy | undefined,
      usage: {
        periodWei: bigint
        visitorTodayWei: bigint
      },
    ) =>
      refusalOf(policy, { targets: [], maxCostWei }, usage)

  it('decides parallel reservations one after the other: no more than the budget is reserved', async () => {
    const id = await freshProject({ budgetWei: 1000n })
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        reserve(db, reservation(id, `${id}-${index}`, { nonce: BigInt(index) }), decideWith(300n)),
      ),
    )
    // 3 x 300 fit in 1000; the fourth would not.
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(3)
    expect(answers.filter((answer) => answer === 'budget')).toHaveLength(5)
    expect(await sponsorshipTotals(db, id)).toEqual({
      reservedWei: 900n,
      spentWei: 0n,
      spentCount: 0,
    })
  })

  it('records a landed operation once however many record it, and frees its siblings', async () => {
    const id = await freshProject()
    await reserve(db, reservation(id, `${id}-a`), decideWith(300n))
    // The same account and nonce signed again (a retry): only one of the two can land.
    await reserve(db, reservation(id, `${id}-b`), decideWith(300n))
    expect((await readUsage(db, id, SENDER as Hex, new Date())).usage.periodWei).toBe(600n)
    const landed = {
      chainId: chainA.chainId,
      userOpHash: hashOf(`${id}-a`),
      actualCostWei: 120n,
      txHash: hashOf('tx') as Hex,
      now: new Date(),
    }
    const recorded = await Promise.all(Array.from({ length: 5 }, () => recordSpent(db, landed)))
    expect(recorded.filter(Boolean)).toHaveLength(1)
    expect(await sponsorshipTotals(db, id)).toEqual({
      reservedWei: 0n,
      spentWei: 120n,
      spentCount: 1,
    })
    // What the visitor and the project have used is what the chain charged.
    expect((await readUsage(db, id, SENDER as Hex, new Date())).usage).toEqual({
      periodWei: 120n,
      visitorTodayWei: 120n,
    })
  })

  it('gives a reservation back once its window has passed without it landing', async () => {
    const id = await freshProject()
    const [chain] = createChainClients(chainsOfDevnet(devnet), { timeoutMs: 5_000 }).values()
    const now = new Date()
    await reserve(
      db,
      reservation(id, `${id}-stale`, { validUntil: new Date(now.getTime() - 120_000) }),
      decideWith(300n),
    )
    await reserve(db, reservation(id, `${id}-fresh`, { nonce: 1n }), decideWith(300n))
    const settler = new SponsorshipSettler({
      db,
      chains: chain ? [chain] : [],
      log: { info: () => {}, warn: () => {} },
      now: () => now,
    })
    expect(await settler.settle()).toMatchObject({ released: 1 })
    expect(await sponsorshipTotals(db, id)).toMatchObject({ reservedWei: 300n, spentCount: 0 })
    // A policy change keeps what is reserved: it still counts against the new budget.
    await setPolicy(db, id, { ...POLICY, budgetWei: 400n })
    expect(await reserve(db, reservation(id, `${id}-third`, { nonce: 2n }), decideWith(200n))).toBe(
      'budget',
    )
  })
})
