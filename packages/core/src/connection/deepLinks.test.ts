import { describe, expect, it } from 'vitest'
import { walletDeepLink } from './deepLinks.ts'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=ab12&expiryTimestamp=1795349040'
const encoded = encodeURIComponent(uri)

describe('walletDeepLink', () => {
  it('opens a native scheme on the encoded pairing URI', () => {
    expect(walletDeepLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(walletDeepLink('trust:', uri)).toBe(`trust://wc?uri=${encoded}`)
    expect(walletDeepLink('zerion', uri)).toBe(`zerion://wc?uri=${encoded}`)
  })

  it('keeps a universal link https, with or without its trailing slash', () => {
    expect(walletDeepLink('https://metamask.app.link', uri)).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    expect(walletDeepLink('https://phantom.app/ul/', uri)).toBe(
      `https://phantom.app/ul/wc?uri=${encoded}`,
    )
  })

  it('encodes every character of the URI that would break the query', () => {
    const link = walletDeepLink('rainbow://', uri)
    expect(new URL(link.replace('rainbow://', 'https://x/')).searchParams.get('uri')).toBe(uri)
  })
})
