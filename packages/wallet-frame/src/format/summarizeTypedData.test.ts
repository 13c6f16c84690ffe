import { describe, expect, it } from 'vitest'
import { summarizeTypedData } from './summarizeTypedData.ts'

const mail = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
}

describe('summarizeTypedData', () => {
  it('lists the domain, the primary type and the message fields', () => {
    const summary = summarizeTypedData(JSON.stringify(mail))
    expect(summary?.primaryType).toBe('Mail')
    expect(summary?.domain).toEqual([
      { label: 'Name', value: 'Ether Mail' },
      { label: 'Version', value: '1' },
      { label: 'Chain ID', value: '1' },
      { label: 'Contract', value: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC', mono: true },
    ])
    expect(summary?.fields).toEqual([
      { label: 'from.name', value: 'Cow', mono: false },
      { label: 'from.wallet', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826', mono: true },
      { label: 'to.name', value: 'Bob', mono: false },
      { label: 'to.wallet', value: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', mono: true },
      { label: 'contents', value: 'Hello, Bob!', mono: false },
    ])
  })

  it('takes an object as well as a JSON string, and lists arrays by index', () => {
    const summary = summarizeTypedData({
      primaryType: 'Batch',
      message: { amounts: [1, 2], ok: true },
    })
    expect(summary?.domain).toEqual([])
    expect(summary?.fields.map((row) => `${row.label}=${row.value}`)).toEqual([
      'amounts[0]=1',
      'amounts[1]=2',
      'ok=true',
    ])
  })

  it('counts the fields it does not list', () => {
    const message = Object.fromEntries(
      Array.from({ length: 45 }, (_, index) => [`f${index}`, index]),
    )
    const summary = summarizeTypedData({ primaryType: 'Big', message })
    expect(summary?.fields).toHaveLength(41)
    expect(summary?.fields.at(-1)).toEqual({ label: '…', value: '5 more fields' })
  })

  it('is undefined for what is not typed data', () => {
    expect(summarizeTypedData('{not json')).toBeUndefined()
    expect(summarizeTypedData({ primaryType: 'X' })).toBeUndefined()
    expect(summarizeTypedData(42)).toBeUndefined()
  })
})
