import { expect, it } from 'vitest'
import { capacityEstimate, cpuPerRequest } from './loadCapacity.ts'

it("costs a request in the servers' CPU and the whole stack's, leaving other work on the machine out", () => {
  const cost = cpuPerRequest({
    requestsPerSecond: 2000,
    cpu: new Map([
      ['server a', 0.5],
      ['server b', 0.5],
      ['postgres', 0.3],
      ['bench (autocannon)', 0.2],
      ['rest of machine', 1.5],
    ]),
  })
  expect(cost.serverMs).toBeCloseTo(0.5)
  expect(cost.stackMs).toBeCloseTo(0.75)
})

it('caps instances at a core each and the stack at the machine', () => {
  // 0.25 ms of server CPU a request: 4000 requests/s fill one instance's core.
  expect(capacityEstimate({ serverMs: 0.25, stackMs: 0.45, instances: 1, cores: 2 })).toBe(4000)
  // Two instances could serve 8000, but the whole stack at 0.45 ms fits 2 cores only 4444 times.
  expect(capacityEstimate({ serverMs: 0.25, stackMs: 0.45, instances: 2, cores: 2 })).toBeCloseTo(
    4444.4,
    0,
  )
  expect(capacityEstimate({ serverMs: 0.25, stackMs: 0.45, instances: 2, cores: 8 })).toBe(8000)
})
