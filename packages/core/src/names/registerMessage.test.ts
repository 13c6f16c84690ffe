import { chainOfCoinType, coinTypeOfChain } from '@latch/protocol/names'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { buildRegisterNameMessage } from './registerMessage.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('buildRegisterNameMessage', () => {
  it('is readable: name, address, attributes and the UTC time in seconds, a line each', () => {
    const message = buildRegisterNameMessage({
      name: 'alice.latch.id',
      address,
      nowMs: Date.UTC(2026, 0, 2, 3, 4, 5, 999),
    })
    expect(message).toBe(
      [
        'Register a name',
        '',
        'Name: alice.latch.id',
        `Address: ${address}`,
        'Attributes: none',
        'Issued at: 2026-01-02T03:04:05Z',
      ].join('\n'),
    )
    expect(message).not.toContain('{')
  })

  it('is what an EIP-191 signature of the account proves', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = buildRegisterNameMessage({
      name: 'alice.latch.id',
      address: account.address,
      nowMs: Date.now(),
    })
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
