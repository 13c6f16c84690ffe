import { describe, expect, it } from 'vitest'
import { createQueryClient, retryDelay } from './createQueryClient.ts'

describe('query retry policy', () => {
  it('waits 1 s, then doubles, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
  })

  it('tries 3 more times after a failure, then gives up', async () => {
    const client = createQueryClient()
    let calls = 0
    const failing = client.fetchQuery({
      queryKey: ['always-fails'],
      queryFn: async () => {
        calls++
        throw new Error('down')
      },
      retryDelay: 1,
    })
    await expect(failing).rejects.toThrow('down')
    expect(calls).toBe(4)
  })
})
