import { describe, expect, it } from 'vitest'
import { createLazyQueryClient } from './lazyQueryClient.ts'
import { createSupportedChains } from './supportedChains.ts'

describe('createSupportedChains', () => {
  it('asks the server once, and answers which chains its gateway serves', async () => {
    let asked = 0
    const chains = createSupportedChains({
      api: {
        supportedChains: async () => {
          asked += 1
          return { http: ['eip155:31337'], ws: [] } as never
        },
      },
      queryClient: createLazyQueryClient(),
    })
    expect(await chains.isSupported('eip155:31337')).toBe(true)
    expect(await chains.isSupported('eip155:1')).toBe(false)
    expect((await chains.supportedChains()).http).toEqual(['eip155:31337'])
    expect(asked).toBe(1)
  })
})
