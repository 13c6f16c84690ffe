// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { devnetLatch, renderView } from '../../test/renderView.fixture.tsx'
import { installJsdomWallet } from '../../test/testWallet.fixture.ts'

describe('the All Wallets view', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it("pages the server's registry, searches it, and opens the wallet picked", async () => {
    const { latch, user, modal } = await renderView(
      devnetLatch(server.devnet, server.url),
      'AllWallets',
    )
    const list = modal().getByRole('list', { name: 'All wallets' })
    // The first page: 40 wallets, as the registry pages them.
    await expect.poll(() => list.querySelectorAll('button').length).toBe(40)

    await user.type(modal().getByRole('searchbox', { name: 'Search wallet' }), 'rainb')
    await expect
      .poll(() => [...list.querySelectorAll('button')].map((tile) => tile.textContent))
      .toEqual(['Rainbow'])

    await user.click(modal().getByRole('button', { name: 'Rainbow' }))
    expect(latch.router.state.get().view).toBe('ConnectingExternal')
    expect(latch.router.state.get().data?.wallet?.name).toBe('Rainbow')
  })

  it('marks a wallet of the registry that is installed here', async () => {
    installJsdomWallet(server.devnet, { accountIndex: 7, name: 'MetaMask', rdns: 'io.metamask' })
    const { user, modal } = await renderView(devnetLatch(server.devnet, server.url), 'AllWallets')
    await user.type(modal().getByRole('searchbox', { name: 'Search wallet' }), 'metamask')
    const tile = await modal().findByRole('button', { name: /^MetaMask/ })
    await expect.poll(() => tile.textContent).toBe('MetaMaskInstalled')
  })
})
