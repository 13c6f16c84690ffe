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

  it('puts the rest of the path in a wildcard as it is', () => {
    expect(pathOf(ROUTES.esplora, { '*': 'address/bcrt1q0/utxo' })).toBe(
      '/v1/esplora/address/bcrt1q0/utxo',
    )
  })

  it('keeps values as written when the caller says they are safe in a path', () => {
    const params = { chainId: 'eip155:1', contract: '0xAbC', tokenId: '7' }
    expect(pathOf(ROUTES.nftImage, params, (value) => value)).toBe('/v1/nft/image/eip155:1/0xAbC/7')
    expect(pathOf(ROUTES.nftImage, params)).toBe('/v1/nft/image/eip155%3A1/0xAbC/7')
  })

  it('gives every route one method and path, none twice', () => {
    const keys = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
