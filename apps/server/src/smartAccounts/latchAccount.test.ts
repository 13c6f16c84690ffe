import { encodeFunctionData, getContractAddress, parseAbi, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  decodeLatchAccountCalls,
  encodeLatchAccountCalls,
  latchAccountAddress,
} from './latchAccount.ts'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const TOKEN = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
const approve = encodeFunctionData({
  abi: parseAbi(['function approve(address, uint256)']),
  args: [TO, 5n],
})

describe('encodeLatchAccountCalls', () => {
  it('packs one call in single-call mode and reads it back', () => {
    const data = encodeLatchAccountCalls([{ to: TOKEN, data: approve }])
    // execute(bytes32 mode = 0: single call, revert on failure, ...)
    expect(data.slice(0, 10)).toBe('0xe9ae5c53')
    expect(data.slice(10, 74)).toBe('0'.repeat(64))
    expect(decodeLatchAccountCalls(data)).toEqual([{ to: TOKEN, value: 0n, data: approve }])
    expect(decodeLatchAccountCalls(encodeLatchAccountCalls([{ to: TO, value: 7n }]))).toEqual([
      { to: TO, value: 7n, data: '0x' },
    ])
  })

  it('encodes several calls as one batch, in order', () => {
    const calls = [
      { to: TOKEN, value: 0n, data: approve },
      { to: TO, value: 10n ** 18n, data: '0x' as const },
    ]
    const data = encodeLatchAccountCalls(calls)
    expect(data.slice(10, 12)).toBe('01')
    expect(decodeLatchAccountCalls(data)).toEqual(calls)
  })

  it('refuses to decode what is not an execute call of a known mode', () => {
    expect(() => decodeLatchAccountCalls(approve)).toThrow()
    // The same call in delegate-call mode (0xff), which the kit never sends.
    const single = encodeLatchAccountCalls([{ to: TO }])
    const delegate: `0x${string}` = `0x${single.slice(2, 10)}ff${'0'.repeat(62)}${single.slice(74)}`
    expect(() => decodeLatchAccountCalls(delegate)).toThrow('unsupported execution mode')
  })
})

describe('latchAccountAddress', () => {
  const factory = '0xeA26BF978eA77A61663c92d4C33E22bae8f6b5ea'

  it("takes the factory's first creation as the implementation unless told otherwise", () => {
    const implementation = getContractAddress({ from: factory, nonce: 1n })
    expect(latchAccountAddress({ factory, owner: TO })).toBe(
      latchAccountAddress({ factory, owner: TO, salt: 0n, implementation }),
    )
    expect(latchAccountAddress({ factory, owner: TO, implementation: zeroAddress })).not.toBe(
      latchAccountAddress({ factory, owner: TO }),
    )
  })

  it('gives each owner and salt its own address', () => {
    const addresses = [
      latchAccountAddress({ factory, owner: TO }),
      latchAccountAddress({ factory, owner: TO, salt: 1n }),
      latchAccountAddress({ factory, owner: TOKEN }),
      latchAccountAddress({ factory: TOKEN, owner: TO }),
    ]
    expect(new Set(addresses).size).toBe(4)
  })
})
