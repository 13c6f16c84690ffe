import { describe, expect, it } from 'vitest'
import { pathOf, ROUTES } from './routes.ts'

describe('the route table', () => {
  it('fills each path parameter, encoded as one segment', () => {
    expect(pathOf(ROUTES.balance, { address: '0xabc' })).toBe('/v1/account/0xabc/balance')
    expect(pathOf(ROUTES.identity, { address: 'eip155:1:0xabc' })).toBe(
      '/v1/identity/eip155%3A1%3A0xabc',
    )
    expect(pathOf(ROUTES.nameOf, { name: 'a/b c' })).toBe('/v1/profile/account/a%2Fb%20c')
    expect(pathOf(ROUTES.gasPrice, {})).toBe('/v1/convert/gas-price')
  })

  it('gives every route one method and path, none twice', () => {
    const keys = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
