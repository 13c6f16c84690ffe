import { describe, expect, it } from 'vitest'
import { sendsAtomically } from './atomicBatch.ts'

describe('whether a wallet sends a batch atomically', () => {
  it('reads EIP-5792 as it is now: supported or ready', () => {
    expect(sendsAtomically({ atomic: { status: 'supported' } })).toBe(true)
    expect(sendsAtomically({ atomic: { status: 'ready' } })).toBe(true)
    expect(sendsAtomically({ atomic: { status: 'unsupported' } })).toBe(false)
  })

  it("reads the first version's atomicBatch too, and nothing as no", () => {
    expect(sendsAtomically({ atomicBatch: { supported: true } })).toBe(true)
    expect(sendsAtomically({ atomicBatch: { supported: false } })).toBe(false)
    expect(sendsAtomically(undefined)).toBe(false)
    expect(sendsAtomically({})).toBe(false)
  })
})
