import { describe, expect, it } from 'vitest'
import { fastifyTrustProxy, parseTrustProxy } from './trustProxy.ts'

describe('parseTrustProxy', () => {
  it('is off unless told: unset, off, false, 0', () => {
    for (const value of [undefined, '', 'off', 'false', '0'])
      expect(parseTrustProxy(value)).toBe(false)
  })

  it('takes a hop count, or proxy addresses and CIDR ranges', () => {
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ])
  })

  it('names the entry it refuses', () => {
    expect(parseTrustProxy('on')).toEqual({
      error:
        'TRUST_PROXY must be off, a hop count or a comma list of proxy IPs/CIDRs: on is not an IP address or CIDR range',
    })
    expect(parseTrustProxy('10.0.0.0/33')).toMatchObject({
      error: expect.stringContaining('10.0.0.0/33 has a bad prefix length'),
    })
    expect(parseTrustProxy('10.0.0.1/8/2')).toMatchObject({
      error: expect.stringContaining('not an IP'),
    })
  })

  it('hands Fastify a hop count as the first n hops trusted', () => {
    const trust = fastifyTrustProxy(2)
    if (typeof trust !== 'function') throw new Error('expected a function')
    expect([trust('10.0.0.1', 0), trust('10.0.0.1', 1), trust('10.0.0.1', 2)]).toEqual([
      true,
      true,
      false,
    ])
    expect(fastifyTrustProxy(false)).toBe(false)
  })
})
