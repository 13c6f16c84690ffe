import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from '../../network/index.ts'
import { toViemChain } from './viemChain.ts'

describe('toViemChain', () => {
  it('turns a CAIP network into a viem chain', () => {
    const chain = toViemChain(
      defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:39837' }),
    )
    expect(chain.id).toBe(31337)
    expect(chain.name).toBe('Latch Devnet')
    expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:39837'])
  })
})
