import { describe, expect, it } from 'vitest'
import { UpstreamSlots } from './upstreamSlots.ts'

describe('UpstreamSlots', () => {
  it('lets maxInFlight run, queues maxQueued, turns the rest away at once', async () => {
    const slots = new UpstreamSlots({ maxInFlight: 2, maxQueued: 1, queueWaitMs: 5_000 })
    expect(await slots.acquire()).toBe(true)
    expect(await slots.acquire()).toBe(true)
    const queued = slots.acquire()
    expect(await slots.acquire()).toBe(false)
    expect(slots.queued).toBe(1)
    slots.release()
    expect(await queued).toBe(true)
    expect(slots.inFlight).toBe(2)
    slots.release()
    slots.release()
    expect(slots.inFlight).toBe(0)
  })

  it('gives up on a wait longer than queueWaitMs, and leaves the queue', async () => {
    const slots = new UpstreamSlots({ maxInFlight: 1, maxQueued: 5, queueWaitMs: 30 })
    expect(await slots.acquire()).toBe(true)
    const started = performance.now()
    expect(await slots.acquire()).toBe(false)
    expect(performance.now() - started).toBeGreaterThanOrEqual(25)
    expect(slots.queued).toBe(0)
  })
})
