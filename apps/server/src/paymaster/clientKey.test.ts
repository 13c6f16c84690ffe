import { describe, expect, it } from 'vitest'
import { clientOfIp, clientOfWallet } from './clientKey.ts'

describe('clientOfIp', () => {
  it('counts an IPv4 address by itself, mapped into IPv6 or not', () => {
    expect(clientOfIp('203.0.113.9')).toBe('ip:203.0.113.9')
    expect(clientOfIp('::ffff:203.0.113.9')).toBe('ip:203.0.113.9')
    expect(clientOfIp('::FFFF:203.0.113.9')).toBe('ip:203.0.113.9')
  })

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const block = 'ip:2001:db8:1:2::/64'
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
      '2001:DB8:1:2::7%eth0',
      '2001:db8:1:2:0:0:192.0.2.1',
    ])
      expect(clientOfIp(address)).toBe(block)
    expect(clientOfIp('2001:db8:1:3::1')).toBe('ip:2001:db8:1:3::/64')
    expect(clientOfIp('::1')).toBe('ip:0:0:0:0::/64')
    expect(clientOfIp('2001:db8::')).toBe('ip:2001:db8:0:0::/64')
  })
})

describe('clientOfWallet', () => {
  it("counts an embedded wallet's user by their key, whatever its case", () => {
    expect(clientOfWallet('0xAbCdEf0000000000000000000000000000000001')).toBe(
      'wallet:0xabcdef0000000000000000000000000000000001',
    )
  })
})
