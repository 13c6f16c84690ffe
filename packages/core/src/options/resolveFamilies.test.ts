import { describe, expect, it } from 'vitest'
import { defineSolanaNetwork } from '../chains/solana/network.ts'
import { LatchError } from '../errors.ts'
import { defineEvmNetwork } from '../network/index.ts'
import { resolveFamilies } from './resolveFamilies.ts'

const devnet = defineEvmNetwork({
  id: 31337,
  name: 'Latch Devnet',
  rpcUrl: 'http://127.0.0.1:8545',
})
const devnet2 = defineEvmNetwork({
  id: 31338,
  name: 'Latch Devnet 2',
  rpcUrl: 'http://127.0.0.1:8546',
})
const solana = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})
const IMPLEMENTED = ['eip155', 'solana'] as const

/** The error `run` throws (it must throw one). */
function thrown(run: () => unknown): LatchError {
  try {
    run()
  } catch (error) {
    if (error instanceof LatchError) return error
    throw error
  }
  throw new Error('nothing was thrown')
}

describe('resolveFamilies', () => {
  it("without adapters: the networks' families, the default network's first", () => {
    expect(resolveFamilies([devnet, solana, devnet2], devnet, undefined, IMPLEMENTED)).toEqual([
      'eip155',
      'solana',
    ])
    expect(resolveFamilies([devnet, solana], solana, undefined, IMPLEMENTED)).toEqual([
      'solana',
      'eip155',
    ])
    expect(resolveFamilies([solana], solana, undefined, IMPLEMENTED)).toEqual(['solana'])
  })

  it('with adapters naming exactly the families of the networks: those, in the same order', () => {
    expect(resolveFamilies([solana], solana, ['solana'], IMPLEMENTED)).toEqual(['solana'])
    expect(resolveFamilies([devnet, solana], devnet, ['solana', 'eip155'], IMPLEMENTED)).toEqual([
      'eip155',
      'solana',
    ])
  })

  it('refuses a network of a family adapters leaves out, naming the network and the family', () => {
    const error = thrown(() => resolveFamilies([solana, devnet2], solana, ['solana'], IMPLEMENTED))
    expect(error.shortMessage).toBe('Invalid App Configuration')
    expect(error.details).toBe(
      "Network Latch Devnet 2 (eip155:31338) is of the eip155 family, which the adapters option leaves out: add 'eip155' to adapters, or remove the network.",
    )
  })

  it('refuses a named family without a network, and one the kit does not implement', () => {
    expect(
      thrown(() => resolveFamilies([devnet], devnet, ['eip155', 'solana'], IMPLEMENTED)).details,
    ).toBe(
      'The adapters option names solana, but no network of the networks option is of that family: add one, or leave solana out.',
    )
    expect(
      thrown(() => resolveFamilies([devnet], devnet, ['eip155', 'bip122'], IMPLEMENTED)).details,
    ).toBe(
      'The adapters option names bip122, which Latch does not implement (it implements eip155, solana).',
    )
  })
})
