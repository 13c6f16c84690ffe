import { describe, expect, it } from 'vitest'
import { namedAccount, withSender } from './sender.ts'

const smart = '0x1111111111111111111111111111111111111111'
const owner = '0x2222222222222222222222222222222222222222'

describe('the account a call names', () => {
  it('reads the address of each signing call', () => {
    expect(namedAccount('personal_sign', ['0x68656c6c6f', smart])).toBe(smart)
    expect(namedAccount('eth_signTypedData_v4', [owner, '{}'])).toBe(owner)
    expect(namedAccount('eth_sendTransaction', [{ from: smart, to: owner }])).toBe(smart)
    expect(namedAccount('wallet_sendCalls', [{ from: owner, calls: [] }])).toBe(owner)
    expect(namedAccount('eth_sendTransaction', [{ to: owner }])).toBeUndefined()
    expect(namedAccount('personal_sign', 'not a list')).toBeUndefined()
  })

  it('sends a transaction or batch that names no sender from the active account, and leaves a named one', () => {
    expect(withSender('eth_sendTransaction', [{ to: owner, value: '0x1' }], smart)).toEqual([
      { to: owner, value: '0x1', from: smart },
    ])
    expect(withSender('wallet_sendCalls', [{ version: '2.0.0', calls: [] }], smart)).toEqual([
      { version: '2.0.0', calls: [], from: smart },
    ])
    const named = [{ from: owner, to: smart }]
    expect(withSender('eth_sendTransaction', named, smart)).toBe(named)
    const message = ['0x68656c6c6f', owner]
    expect(withSender('personal_sign', message, smart)).toBe(message)
  })
})
