import { describe, expect, it } from 'vitest'
import { CATALOGUE, walletIdOf } from './catalogue.ts'
import { hasIcon, isSafeSvg, loadIcon } from './iconLibrary.ts'
import { networkIcon, tokenIcon, walletIcon } from './icons.ts'
import { KNOWN_NETWORKS } from './networks.ts'

describe('isSafeSvg', () => {
  it('accepts plain shapes with inline styling and internal gradients', () => {
    expect(
      isSafeSvg(
        '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="a"/></defs><path style="fill:#000" fill="url(#a)"/></svg>',
      ),
    ).toBe(true)
  })

  it.each([
    '<svg><script>alert(1)</script></svg>',
    '<svg onload="alert(1)"></svg>',
    '<svg><a href="https://evil.example"><path/></a></svg>',
    '<svg><use xlink:href="#x"/></svg>',
    '<svg><image href="https://tracker.example/pixel.png"/></svg>',
    '<svg><path fill="url(https://evil.example/x)"/></svg>',
    '<svg><style>@import "https://evil.example/x.css";</style></svg>',
    '<svg><foreignObject><div/></foreignObject></svg>',
    '<html><svg/></html>',
  ])('refuses %s', (svg) => {
    expect(isSafeSvg(svg)).toBe(false)
  })
})

describe('the icon library', () => {
  it('has the marks of the wallets, networks and tokens the modal shows first', async () => {
    for (const slug of ['metamask', 'trust', 'coinbase-wallet', 'rainbow', 'phantom', 'rabby']) {
      const icon = walletIcon(walletIdOf(slug))
      expect(icon, slug).toBeDefined()
      if (icon) expect(hasIcon(icon), slug).toBe(true)
    }
    for (const symbol of ['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'WBTC']) {
      expect(hasIcon(tokenIcon(symbol)), symbol).toBe(true)
    }
    for (const { id } of KNOWN_NETWORKS) {
      const icon = networkIcon(id)
      expect(icon, id).toBeDefined()
      if (icon) expect(hasIcon(icon), id).toBe(true)
    }
  })

  it('maps only wallets the catalogue has, to icons that exist and are safe to serve', async () => {
    const mapped = CATALOGUE.flatMap((wallet) => {
      const icon = walletIcon(walletIdOf(wallet.slug))
      return icon ? [{ wallet, icon }] : []
    })
    expect(mapped.length).toBeGreaterThanOrEqual(25)
    for (const { wallet, icon } of mapped) {
      const svg = await loadIcon(icon, wallet.name)
      expect(svg, wallet.slug).toBeDefined()
      expect(isSafeSvg(svg ?? ''), wallet.slug).toBe(true)
    }
  })

  it('titles an icon for screen readers, escaping the title', async () => {
    const svg = await loadIcon({ set: 'tokens', name: 'USDC' }, 'USD <Coin> & "co"')
    expect(svg).toMatch(
      /^<svg [^>]*role="img"[^>]*><title>USD &#60;Coin&#62; &#38; &#34;co&#34;<\/title>/,
    )
    expect(svg).not.toContain('class=')
  })

  it('gives an EVM chain with ether as its coin the Ethereum mark, and others none', () => {
    expect(networkIcon('eip155:31337', 'ETH')).toEqual(networkIcon('eip155:1'))
    expect(networkIcon('eip155:31337', 'XDAI')).toBeUndefined()
    expect(networkIcon('solana:unknown', 'ETH')).toBeUndefined()
  })

  it('loads nothing for a name the library lacks, whatever it spells', async () => {
    for (const name of ['NOPE', '../../../package', 'ETH.svg.js', '']) {
      expect(hasIcon({ set: 'tokens', name }), name).toBe(false)
      expect(await loadIcon({ set: 'tokens', name }, 'x'), name).toBeUndefined()
    }
  })
})
