import { describe, expect, it } from 'vitest'
import { addressParam, chainIdParam, transactionParam, typedDataParam } from './params.ts'

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const invalid = { code: -32602 }

describe('transactionParam', () => {
  it('reads the fields, hex and integer quantities as bigint, `from` apart', () => {
    const from = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    const accessList = [{ address: to, storageKeys: [] }]
    expect(
      transactionParam({
        from,
        to,
        input: '0xabcdef',
        value: '0xde0b6b3a7640000',
        gas: 21000,
        maxFeePerGas: '0x3B9ACA00',
        maxPriorityFeePerGas: '0x1',
        nonce: '0x7',
        accessList,
        type: '0x2',
      }),
    ).toEqual({
      from,
      fields: {
        to,
        data: '0xabcdef',
        value: 10n ** 18n,
        gas: 21000n,
        maxFeePerGas: 1_000_000_000n,
        maxPriorityFeePerGas: 1n,
        nonce: 7,
        accessList,
        type: 'eip1559',
      },
    })
    expect(transactionParam({ to, gasPrice: '0x10', value: null }).fields).toEqual({
      to,
      gasPrice: 16n,
      type: 'legacy',
    })
    expect(transactionParam({})).toEqual({ from: undefined, fields: {} })
  })

  it('refuses a bad address, hex or type with invalid params', () => {
    for (const tx of [
      undefined,
      [to],
      { to: '0x1234' },
      { to: 42 },
      { data: 'hello' },
      { value: '1000' },
      { value: '0x' },
      { gas: -1 },
      { nonce: 1.5 },
      { accessList: {} },
      { type: '0x3' },
      { type: 'constructor' },
    ]) {
      expect(() => transactionParam(tx), JSON.stringify(tx)).toThrow(
        expect.objectContaining(invalid),
      )
    }
  })

  it('checks a chainId only against the one it is given', () => {
    expect(transactionParam({ chainId: '0x1' }, { chainId: 1 }).fields).toEqual({})
    expect(() => transactionParam({ chainId: '0x2' }, { chainId: 1 })).toThrow(
      expect.objectContaining({ ...invalid, message: expect.stringMatching(/does not match/) }),
    )
    expect(() => transactionParam({ chainId: 'one' }, { chainId: 1 })).toThrow(
      expect.objectContaining(invalid),
    )
    expect(transactionParam({ chainId: '0x2' }).fields).toEqual({})
  })
})

describe('typedDataParam', () => {
  const typedData = {
    domain: { name: 'Latch', chainId: 1 },
    types: { Greeting: [{ name: 'text', type: 'string' }] },
    primaryType: 'Greeting',
    message: { text: 'hello' },
  }

  it('reads typed data given as JSON text or as an object', () => {
    expect(typedDataParam(JSON.stringify(typedData))).toEqual(typedData)
    expect(typedDataParam(typedData)).toEqual(typedData)
    const { domain: _, ...withoutDomain } = typedData
    expect(typedDataParam(withoutDomain)).toEqual({ ...withoutDomain, domain: {} })
  })

  it('refuses text that is not JSON, and data without types, primaryType or message', () => {
    expect(() => typedDataParam('{"types":')).toThrow(
      expect.objectContaining({
        ...invalid,
        message: 'Invalid params: typed data is not valid JSON',
      }),
    )
    for (const data of [
      null,
      '"text"',
      { ...typedData, types: null },
      { ...typedData, primaryType: 1 },
      { ...typedData, message: undefined },
      { ...typedData, domain: 'Latch' },
    ]) {
      expect(() => typedDataParam(data), JSON.stringify(data)).toThrow(
        expect.objectContaining(invalid),
      )
    }
  })
})

describe('chainIdParam', () => {
  it('reads a hex chainId as a number', () => {
    expect(chainIdParam({ chainId: '0x7a69' })).toBe(31337)
    expect(chainIdParam({ chainId: '0x01', rpcUrls: [] })).toBe(1)
  })

  it('refuses a missing, decimal, zero or oversized chainId', () => {
    for (const value of [
      undefined,
      '0x1',
      {},
      { chainId: 1 },
      { chainId: '1337' },
      { chainId: '0x0' },
      { chainId: `0x${'f'.repeat(20)}` },
    ]) {
      expect(() => chainIdParam(value), JSON.stringify(value)).toThrow(
        expect.objectContaining(invalid),
      )
    }
  })
})

describe('addressParam', () => {
  it('reads an address in any letter case, refuses anything else', () => {
    expect(addressParam(to.toLowerCase())).toBe(to.toLowerCase())
    expect(addressParam(to)).toBe(to)
    for (const value of [undefined, 42, '0x1234', `${to}00`]) {
      expect(() => addressParam(value), JSON.stringify(value)).toThrow(
        expect.objectContaining(invalid),
      )
    }
  })
})
