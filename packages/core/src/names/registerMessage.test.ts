import { chainOfCoinType, coinTypeOfChain } from '@latch/protocol/names'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { buildRegisterNameMessage } from './registerMessage.ts'

describe('buildRegisterNameMessage', () => {
  it('is the JSON of name, empty attributes and the unix time in seconds, in that order', () => {
    const message = buildRegisterNameMessage('alice.latch.id', Date.UTC(2026, 0, 2, 3, 4, 5, 999))
    expect(message).toBe('{"name":"alice.latch.id","attributes":{},"timestamp":1767323045}')
    expect(JSON.parse(message)).toEqual({
      name: 'alice.latch.id',
      attributes: {},
      timestamp: 1767323045,
    })
  })

  it('is what an EIP-191 signature of the account proves', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = buildRegisterNameMessage('alice.latch.id', Date.now())
    const signature = await account.signMessage({ message })
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(
      await verifyMessage({
        address: account.address,
        message: message.replace('alice', 'alicia'),
        signature,
      }),
    ).toBe(false)
  })
})

describe('coin types (ENSIP-11)', () => {
  it('is 60 for Ethereum mainnet and 0x80000000 | chainId for other EVM chains', () => {
    expect(coinTypeOfChain(1)).toBe(60)
    expect(coinTypeOfChain(31337)).toBe(0x80007a69)
    expect(coinTypeOfChain(31337)).toBe(2147514985)
    expect(coinTypeOfChain(8453)).toBe(2147492101)
    expect(chainOfCoinType(60)).toBe(1)
    expect(chainOfCoinType(2147514985)).toBe(31337)
    expect(chainOfCoinType(0)).toBeUndefined()
  })
})
