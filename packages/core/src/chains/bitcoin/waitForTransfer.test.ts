import { describe, expect, it } from 'vitest'
import { waitForBitcoinTransfer } from './waitForTransfer.ts'

const sent = {
  id: 'ab'.repeat(32),
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
} as const

/** A chain whose status reads answer in turn from `answers` (a throw: the read failed). */
function chainAnswering(answers: (boolean | 'fails')[]) {
  let reads = 0
  return {
    reads: () => reads,
    status: async () => {
      const answer = answers[Math.min(reads++, answers.length - 1)]
      if (answer === 'fails') throw new Error('the server restarted')
      return answer
        ? { confirmed: true as const, block_height: 1, block_hash: '00', block_time: 0 }
        : { confirmed: false as const }
    },
  }
}

describe('waitForBitcoinTransfer', () => {
  it('waits until the transaction is in a block, asking again after a read that failed', async () => {
    const chain = chainAnswering([false, 'fails', false, true])
    await expect(waitForBitcoinTransfer(chain, sent, { pollMs: 1 })).resolves.toEqual({
      success: true,
    })
    expect(chain.reads()).toBe(4)
  })

  it('gives up after the timeout, saying where to look later', async () => {
    let now = 0
    const chain = chainAnswering([false])
    const waiting = waitForBitcoinTransfer(chain, sent, {
      pollMs: 1,
      timeoutMs: 10,
      now: () => (now += 4),
    })
    await expect(waiting).rejects.toThrow(
      'The payment is not mined yet: check it later in Activity',
    )
  })
})
