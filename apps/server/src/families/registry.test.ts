import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors.ts'
import { Families } from './registry.ts'
import type { FamilyNamespace, FamilyNetwork, ServerFamily } from './types.ts'

/** A family with the given networks, whose accounts are the strings starting with `prefix`. */
function family(
  namespace: FamilyNamespace,
  ids: string[],
  prefix: string,
  signInHeader = `${namespace} sign-in`,
): ServerFamily {
  const network = (id: string): FamilyNetwork => ({
    namespace,
    caipNetworkId: id as FamilyNetwork['caipNetworkId'],
    accountOf: async (address) => address,
    balances: async () => [],
  })
  return {
    namespace,
    networks: new Map(ids.map((id) => [id, network(id)])),
    writesAccount: (address) => address.startsWith(prefix),
    history: async () => ({ data: [], next: null }),
    signIn: {
      reads: (header) => header === signInHeader,
      parse: () => {
        throw new Error(`parsed as ${namespace}`)
      },
    },
  }
}

describe('the server families', () => {
  const families = new Families([
    family('eip155', ['eip155:1', 'eip155:10'], '0x'),
    family('solana', ['solana:abc'], 'sol'),
    family('bip122', [], 'bc1'),
  ])

  it('finds the network a CAIP-2 id names, in whichever family holds it', () => {
    expect(families.network('eip155:10')?.namespace).toBe('eip155')
    expect(families.network('solana:abc')?.namespace).toBe('solana')
    expect(families.network('eip155:5')).toBeUndefined()
    expect(families.networks.map((network) => network.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:10',
      'solana:abc',
    ])
  })

  it('answers an id no family serves with a 400 naming it', () => {
    expect(() => families.requireNetwork('polkadot:xyz')).toThrow(
      new HttpError(400, 'Unsupported chain polkadot:xyz'),
    )
  })

  it('names the family that writes an account so, among those with networks', () => {
    expect(families.ofAccount('0xabc')?.namespace).toBe('eip155')
    expect(families.ofAccount('solana-key')?.namespace).toBe('solana')
    // A family with no configured network serves no account, however it is written.
    expect(families.ofAccount('bc1q')).toBeUndefined()
    expect(families.family('bip122')).toBeUndefined()
    expect(families.family('solana')?.networks.size).toBe(1)
  })

  it('reads a sign-in message by the family its first line names, else as EIP-4361', () => {
    const parse = (header: string) => () => families.signInOf(header)?.parse('', '', console)
    expect(parse('solana sign-in')).toThrow('parsed as solana')
    expect(parse('eip155 sign-in')).toThrow('parsed as eip155')
    // No family reads it: EIP-4361's parser is the one to say what is wrong.
    expect(parse('hello')).toThrow('parsed as eip155')
    expect(
      new Families([family('solana', ['solana:abc'], 'sol')]).signInOf('hello'),
    ).toBeUndefined()
  })
})
