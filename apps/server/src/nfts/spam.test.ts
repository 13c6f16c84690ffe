import { describe, expect, it } from 'vitest'
import { isSpamNft, looksLikeLure } from './spam.ts'

const none = { spam: new Set<string>(), allow: new Set<string>() }
const CONTRACT = '0x2c5699C543b830e05E4D367d63d79Fcbc94bC71c'

describe('the NFT spam rule', () => {
  it('flags names that read like an airdrop lure: a reward to claim, or a site to visit', () => {
    for (const name of [
      'Airdrop Voucher: claim at nft-rewards.example',
      'Claim 1,000 USDC',
      'You are eligible',
      'Visit www.free-eth.top',
      'https://mint-now.xyz',
      'FREE MINT pass',
    ])
      expect(looksLikeLure(name), name).toBe(true)
  })

  it('leaves ordinary collection and token names alone', () => {
    for (const name of ['Latch Tiles', 'Latch Tile #3', 'Devnet Badge', 'CryptoPunks', 'Art 1.5'])
      expect(looksLikeLure(name), name).toBe(false)
    expect(looksLikeLure(undefined)).toBe(false)
  })

  it('flags by the collection name or the token name', () => {
    expect(isSpamNft({ contract: CONTRACT, collectionName: 'Rewards Pass' }, none)).toBe(true)
    expect(
      isSpamNft({ contract: CONTRACT, collectionName: 'Tiles', name: 'Redeem at x.io' }, none),
    ).toBe(true)
    expect(isSpamNft({ contract: CONTRACT, collectionName: 'Tiles', name: 'Tile #1' }, none)).toBe(
      false,
    )
  })

  it("takes the site owner's lists first, in any case of the address", () => {
    const listed = { spam: new Set([CONTRACT.toLowerCase()]), allow: new Set<string>() }
    expect(isSpamNft({ contract: CONTRACT, collectionName: 'Latch Tiles' }, listed)).toBe(true)
    const vouched = { spam: new Set<string>(), allow: new Set([CONTRACT.toLowerCase()]) }
    expect(isSpamNft({ contract: CONTRACT, collectionName: 'Rewards Club' }, vouched)).toBe(false)
  })
})
