import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  accountAddress,
  addressesOnOneChain,
  evmAddress,
  isBitcoinAccount,
  isEvmAccount,
  plainOrCaipAddress,
} from './addressSchemas.ts'
import { EVM_CHECKSUM_MESSAGE } from './evmAddress.ts'

const PLAIN = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('plainOrCaipAddress', () => {
  it('takes a plain 0x address or a CAIP-10 id, and nothing else', () => {
    expect(plainOrCaipAddress.parse(PLAIN)).toBe(PLAIN)
    expect(plainOrCaipAddress.parse(`eip155:31337:${PLAIN}`)).toBe(`eip155:31337:${PLAIN}`)
    expect(plainOrCaipAddress.safeParse('0x1234').success).toBe(false)
    expect(plainOrCaipAddress.safeParse('eip155:31337:0x1234').success).toBe(false)
    expect(plainOrCaipAddress.safeParse(PLAIN.slice(2)).success).toBe(false)
  })
})

describe('evmAddress', () => {
  it('gives the plain 0x form of any of the three ways to write an EVM address', () => {
    for (const given of [PLAIN, PLAIN.slice(2), `eip155:31338:${PLAIN}`])
      expect(evmAddress.parse(given)).toBe(PLAIN)
    expect(evmAddress.safeParse(`solana:mainnet:${PLAIN}`).success).toBe(false)
  })
})

describe('accountAddress', () => {
  it("gives each family's plain form: EVM 0x, Solana base58, Bitcoin as written", () => {
    const segwit = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    expect(accountAddress.parse(`eip155:1:${PLAIN}`)).toBe(PLAIN)
    expect(accountAddress.parse('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    )
    expect(accountAddress.parse(segwit)).toBe(segwit)
    expect(accountAddress.parse(`bip122:000000000019d6689c085ae165831e93:${segwit}`)).toBe(segwit)
    // A legacy (base58check) address is Bitcoin's, not Solana's: it decodes to 25 bytes.
    expect(accountAddress.parse('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    )
    expect(isBitcoinAccount(segwit)).toBe(true)
    expect(isEvmAccount(segwit)).toBe(false)
    // A mistyped character breaks the checksum: no family takes it.
    expect(accountAddress.safeParse('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5').success).toBe(
      false,
    )
  })
})

describe('the EIP-55 rule, in every form of address a route takes', () => {
  // PLAIN with one letter in the wrong case: mixed case that is not its checksum.
  const TYPO = PLAIN.replace('C51812', 'c51812')
  const forms = (address: string) => [
    address,
    address.slice(2),
    `eip155:31337:${address}`,
    `eip155:1:${address}`,
  ]
  const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path, issue.message])

  it('takes the address in one case or in its checksum case', () => {
    for (const address of [PLAIN, PLAIN.toLowerCase(), `0x${PLAIN.slice(2).toUpperCase()}`]) {
      for (const form of forms(address)) {
        expect(evmAddress.parse(form), form).toBe(address)
        expect(accountAddress.parse(form), form).toBe(address)
      }
      expect(plainOrCaipAddress.parse(address)).toBe(address)
      expect(plainOrCaipAddress.parse(`eip155:1:${address}`)).toBe(`eip155:1:${address}`)
    }
  })

  it('refuses a mixed-case address that is not its checksum, with that reason alone', () => {
    for (const form of forms(TYPO)) {
      expect(issuesOf(evmAddress.safeParse(form)), form).toEqual([[[], EVM_CHECKSUM_MESSAGE]])
      expect(issuesOf(accountAddress.safeParse(form)), form).toEqual([[[], EVM_CHECKSUM_MESSAGE]])
    }
    for (const form of [TYPO, `eip155:1:${TYPO}`])
      expect(issuesOf(plainOrCaipAddress.safeParse(form)), form).toEqual([
        [[], EVM_CHECKSUM_MESSAGE],
      ])
  })

  it('names the field of a call whose address is mistyped', () => {
    const query = addressesOnOneChain(
      z.object({ userAddress: plainOrCaipAddress, from: plainOrCaipAddress }),
      ['userAddress', 'from'],
    )
    const result = query.safeParse({ userAddress: TYPO, from: `eip155:31337:${TOKEN}` })
    expect(issuesOf(result)).toEqual([[['userAddress'], EVM_CHECKSUM_MESSAGE]])
  })
})

describe('addressesOnOneChain', () => {
  const query = addressesOnOneChain(
    z.object({
      userAddress: plainOrCaipAddress,
      from: plainOrCaipAddress,
      chainId: z.string().optional(),
    }),
    ['userAddress', 'from'],
  )

  it("puts a plain address on the chain of the call's CAIP-10 address, or of chainId", () => {
    expect(query.parse({ userAddress: PLAIN, from: `eip155:31337:${TOKEN}` })).toEqual({
      userAddress: `eip155:31337:${PLAIN}`,
      from: `eip155:31337:${TOKEN}`,
    })
    expect(query.parse({ userAddress: PLAIN, from: TOKEN, chainId: 'eip155:31338' })).toEqual({
      userAddress: `eip155:31338:${PLAIN}`,
      from: `eip155:31338:${TOKEN}`,
      chainId: 'eip155:31338',
    })
  })

  it('refuses a plain address with no chain to take, and a CAIP-10 id off chainId', () => {
    const noChain = query.safeParse({ userAddress: PLAIN, from: TOKEN })
    expect(noChain.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [
        ['userAddress'],
        `userAddress is a plain address and nothing else in the call names its chain: send it as CAIP-10 (eip155:<chain id>:${PLAIN}), or the other addresses as CAIP-10`,
      ],
      [
        ['from'],
        `from is a plain address and nothing else in the call names its chain: send it as CAIP-10 (eip155:<chain id>:${TOKEN}), or the other addresses as CAIP-10`,
      ],
    ])
    const offChain = query.safeParse({
      userAddress: PLAIN,
      from: `eip155:31337:${TOKEN}`,
      chainId: 'eip155:31338',
    })
    expect(offChain.error?.issues.map((issue) => issue.message)).toEqual([
      'from is on eip155:31337, chainId is eip155:31338',
    ])
  })
})
