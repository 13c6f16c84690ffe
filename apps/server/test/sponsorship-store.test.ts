import { type Hex, keccak256, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createChainClients } from '../src/chains/clients.ts'
import { chainsOfDevnet } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/index.ts'
import { migrate } from '../src/db/migrate.ts'
import type { SponsorshipPolicy, SponsorshipUsage } from '../src/paymaster/policy.ts'
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
const CLIENT = 'ip:192.0.2.1'
const ASKER = { sender: SENDER as Hex, client: CLIENT }
// One client may hold the whole budget here, unless a test says otherwise.
const POLICY: SponsorshipPolicy = {
  enabled: true,
  budgetWei: 1000n,
  period: 'month',
  allowedTargets: [],
  visitorDailyCapWei: null,
  clientSharePercent: 100,
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
    client: CLIENT,
    nonce: 0n,
    maxCostWei: 300n,
    fromBlock: 1n,
    validUntil: new Date(Date.now() + 600_000),
    now: new Date(),
    ...change,
  })
  const decideWith =
    (maxCostWei: bigint) => (policy: SponsorshipPolicy | undefined, usage: SponsorshipUsage) =>
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
    expect((await readUsage(db, id, ASKER, new Date())).usage.periodWei).toBe(600n)
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
    expect((await readUsage(db, id, ASKER, new Date())).usage).toEqual({
      periodWei: 120n,
      visitorTodayWei: 120n,
      clientOpenWei: 0n,
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

  it('counts a reservation only until its window ends, whether or not the settler has released it', async () => {
    const id = await freshProject({ budgetWei: 1000n })
    const now = new Date()
    const ended = new Date(now.getTime() - 1_000)
    await reserve(db, reservation(id, `${id}-ended`, { validUntil: ended }), decideWith(600n))
    await reserve(db, reservation(id, `${id}-open`, { nonce: 1n }), decideWith(300n))
    expect((await readUsage(db, id, ASKER, now)).usage).toEqual({
      periodWei: 300n,
      visitorTodayWei: 300n,
      clientOpenWei: 300n,
    })
    // The ended one's 600 is free again: 300 + 700 fit in 1000.
    expect(
      await reserve(db, reservation(id, `${id}-next`, { nonce: 2n }), decideWith(700n)),
    ).toBeUndefined()
  })

  it('holds each client to its share of the budget in open reservations, whatever its senders, and leaves the rest to others', async () => {
    const id = await freshProject({ budgetWei: 1000n, clientSharePercent: 30 })
    const fromClient = (client: string, index: number) =>
      reserve(
        db,
        reservation(id, `${id}-${client}-${index}`, {
          client,
          sender: keccak256(toHex(`${client}-${index}`)).slice(0, 42),
          maxCostWei: 100n,
        }),
        decideWith(100n),
      )
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => fromClient('ip:198.51.100.7', index)),
    )
    // 3 x 100 is the client's 30% of 1000; the rest is refused as the budget would be.
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(3)
    expect(answers.filter((answer) => answer === 'budget')).toHaveLength(5)
    expect(await fromClient('wallet:0x01', 0)).toBeUndefined()
    const usage = (client: string) =>
      readUsage(db, id, { sender: SENDER as Hex, client }, new Date())
    expect((await usage('ip:198.51.100.7')).usage).toMatchObject({
      periodWei: 400n,
      clientOpenWei: 300n,
    })
    expect((await usage('wallet:0x01')).usage.clientOpenWei).toBe(100n)
  })
})
