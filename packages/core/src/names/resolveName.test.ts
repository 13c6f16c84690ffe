import type { NameRecord } from '@latch/protocol'
import { coinTypeOfChain } from '@latch/protocol/names'
import { describe, expect, it } from 'vitest'
import { HttpStatusError } from '../api/client.ts'
import { LatchError } from '../errors.ts'
import { addressOfName, isNameLike, resolveName } from './resolveName.ts'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const C = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

function record(addresses: Record<number, string>): NameRecord {
  return {
    name: 'alice.latch.id',
    registered_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    addresses: Object.fromEntries(
      Object.entries(addresses).map(([coinType, address]) => [
        coinType,
        { address, created: '2026-01-01T00:00:00.000Z' },
      ]),
    ),
    attributes: {},
  }
}

describe('isNameLike', () => {
  it('takes anything with a dot that is not 0x... for a name', () => {
    expect(isNameLike('alice.latch.id')).toBe(true)
    expect(isNameLike(' vitalik.eth ')).toBe(true)
    expect(isNameLike(A)).toBe(false)
    expect(isNameLike('0x.abc')).toBe(false)
    expect(isNameLike('alice')).toBe(false)
  })
})

describe('addressOfName', () => {
  it("takes the address of the active chain's coin type", () => {
    const both = record({ [coinTypeOfChain(31338)]: B, [coinTypeOfChain(31337)]: A })
    expect(addressOfName(both, 31337)).toBe(A)
    expect(addressOfName(both, 31338)).toBe(B)
  })

  it('else the first EVM address, by coin type; not a non-EVM coin type', () => {
    const other = record({
      0: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      [coinTypeOfChain(31338)]: B,
      60: C,
    })
    expect(addressOfName(other, 31337)).toBe(C)
    expect(
      addressOfName(record({ 0: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }), 31337),
    ).toBeUndefined()
  })

  it('checksums what the server stored', () => {
    expect(addressOfName(record({ 60: A.toLowerCase() }), 1)).toBe(A)
  })

  it('never gives an address whose mixed case is not its checksum: a typo', () => {
    // A with one letter in the wrong case.
    const typo = A.replace('C51812', 'c51812')
    expect(addressOfName(record({ [coinTypeOfChain(31337)]: typo, 60: C }), 31337)).toBe(C)
    expect(addressOfName(record({ 60: typo }), 31337)).toBeUndefined()
  })
})

describe('resolveName', () => {
  const api = (answer: NameRecord | undefined | Error) => ({
    asked: [] as string[],
    async profileAccount(name: string) {
      this.asked.push(name)
      if (answer instanceof Error) throw answer
      return answer
    },
  })

  it('asks for the name in lower case and answers the address to send to', async () => {
    const server = api(record({ [coinTypeOfChain(31337)]: A }))
    await expect(resolveName(server, ' Alice.Latch.id', 31337)).resolves.toBe(A)
    expect(server.asked).toEqual(['alice.latch.id'])
  })

  it('says that no such name exists, or that it has no address to send to', async () => {
    const unknown = await resolveName(api(undefined), 'Bob.latch.id', 31337).catch((e) => e)
    expect(unknown).toBeInstanceOf(LatchError)
    expect((unknown as LatchError).shortMessage).toBe('bob.latch.id is not a registered name')
    const bitcoinOnly = record({ 0: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' })
    const nowhere = await resolveName(api(bitcoinOnly), 'alice.latch.id', 31337).catch((e) => e)
    expect((nowhere as LatchError).shortMessage).toBe('alice.latch.id has no address to send to')
  })

  it("says 'Error resolving name' when the lookup itself failed", async () => {
    for (const failure of [new HttpStatusError(503, 'down'), new TypeError('Failed to fetch')]) {
      const error = await resolveName(api(failure), 'alice.latch.id', 31337).catch((e) => e)
      expect(error).toBeInstanceOf(LatchError)
      expect((error as LatchError).shortMessage).toBe('Error resolving name')
    }
  })
})
