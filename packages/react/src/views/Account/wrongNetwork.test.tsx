import { describe, expect, it } from 'vitest'
import { loadView } from '../../modal/loadView.ts'
import { connectAccount, pageHtml, testLatch } from '../../test/renderView.fixture.tsx'

/** An instance whose wallet is connected, on chain `chainId`. */
function connectedOn(chainId: number) {
  const latch = connectAccount(testLatch(), { balance: '1.5' })
  latch.network.setWalletNetwork('eip155', chainId)
  // Buy shows once the project offers an on-ramp provider (start() reads them from the server).
  latch.onramp.setProviders(['sandbox'])
  return latch
}

describe('a wallet on a network the site does not list', () => {
  it('turns the connect button into a wrong-network warning', () => {
    const html = pageHtml(connectedOn(999))
    expect(html).toContain('data-state="wrong-network"')
    expect(html).toContain('>Wrong network</button>')
    expect(html).not.toContain('0x7099')
  })

  it('names the chain in the Account view, offers a switch, turns Send, Swap and Buy off', async () => {
    const latch = connectedOn(999)
    // Views load lazily: a page has it loaded before it opens, as the modal preloads it.
    await loadView(latch, 'Account')
    latch.modal.open({ view: 'Account' })
    const html = pageHtml(latch)
    expect(html).toContain('Chain 999 is not supported by this site')
    expect(html).toContain('>Switch network</button>')
    expect(html).not.toContain('data-testid="latch-account-balance"')
    expect(html).not.toContain('Latch Devnet')
    for (const action of ['Send', 'Swap', 'Buy'])
      expect(html).toMatch(new RegExp(`disabled[^>]*>${action}<`))
    expect(html).not.toMatch(/disabled[^>]*>Receive</)
  })

  it('on a listed network, the button shows the account and the Account view its network', async () => {
    const latch = connectedOn(31337)
    expect(pageHtml(latch)).toContain('0x7099…79C8')
    await loadView(latch, 'Account')
    latch.modal.open({ view: 'Account' })
    const html = pageHtml(latch)
    expect(html).toContain('Latch Devnet')
    expect(html).not.toContain('is not supported by this site')
    for (const action of ['Send', 'Swap', 'Buy']) {
      expect(html).toMatch(new RegExp(`>${action}</button>`))
      expect(html).not.toMatch(new RegExp(`disabled[^>]*>${action}<`))
    }
  })
})
