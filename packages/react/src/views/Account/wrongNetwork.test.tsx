import { createLatch, defineEvmNetwork } from '@latch/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../../ConnectButton.tsx'
import { LatchProvider } from '../../LatchProvider.tsx'
import { loadView } from '../../modal/loadView.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** An instance whose wallet is connected, on chain `chainId`. */
function connectedOn(chainId: number) {
  const latch = createLatch({
    projectId: 'latch-dev',
    serverUrl: 'http://127.0.0.1:8787',
    networks: [
      defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
    ],
  })
  latch.account.update('eip155', { status: 'connected', address: ADDRESS, balance: '1.5' })
  latch.network.setWalletNetwork('eip155', chainId)
  // Buy shows once the project offers an on-ramp provider (start() reads them from the server).
  latch.onramp.setProviders(['sandbox'])
  return latch
}

const render = (latch: ReturnType<typeof connectedOn>) =>
  renderToString(
    <LatchProvider latch={latch}>
      <ConnectButton />
    </LatchProvider>,
  )

describe('a wallet on a network the site does not list', () => {
  it('turns the connect button into a wrong-network warning', () => {
    const html = render(connectedOn(999))
    expect(html).toContain('data-state="wrong-network"')
    expect(html).toContain('>Wrong network</button>')
    expect(html).not.toContain('0x7099')
  })

  it('names the chain in the Account view, offers a switch, turns Send, Swap and Buy off', async () => {
    const latch = connectedOn(999)
    // Views load lazily: a page has it loaded before it opens, as the modal preloads it.
    await loadView(latch, 'Account')
    latch.modal.open({ view: 'Account' })
    const html = render(latch)
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
    expect(render(latch)).toContain('0x7099…79C8')
    await loadView(latch, 'Account')
    latch.modal.open({ view: 'Account' })
    const html = render(latch)
    expect(html).toContain('Latch Devnet')
    expect(html).not.toContain('is not supported by this site')
    for (const action of ['Send', 'Swap', 'Buy']) {
      expect(html).toMatch(new RegExp(`>${action}</button>`))
      expect(html).not.toMatch(new RegExp(`disabled[^>]*>${action}<`))
    }
  })
})
