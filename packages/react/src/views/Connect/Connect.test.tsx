// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { devnetLatch, renderView, testLatch } from '../../test/renderView.fixture.tsx'
import { installJsdomWallet } from '../../test/testWallet.fixture.ts'

describe('the Connect view', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('connects the installed wallet clicked: its view, then the account, then the modal closes', async () => {
    const wallet = installJsdomWallet(server.devnet, { accountIndex: 7 })
    const { latch, user, modal, findByRole } = await renderView(
      devnetLatch(server.devnet, server.url),
      'Connect',
    )
    const row = await modal().findByRole('button', { name: /Latch Test Wallet/ })
    expect(row.textContent).toContain('Installed')
    const routes: string[] = []
    latch.router.state.subscribe((state) =>
      routes.push(`${state.view}: ${state.data?.wallet?.name ?? ''}`),
    )

    await user.click(row)

    expect(routes[0]).toBe('ConnectingExternal: Latch Test Wallet')
    // The page's button shows the connected account once the wallet approved.
    await findByRole('button', { name: /0x/ })
    expect(latch.account.state.get().byNamespace.eip155?.address).toBe(wallet.address)
    expect(latch.modal.state.get().open).toBe(false)
  })

  it('says what a valid email looks like, and sends no code for an invalid one', async () => {
    // The server's settings offer email login; the frame is never reached.
    const { latch, user, modal } = await renderView(
      devnetLatch(server.devnet, server.url, { walletFrameUrl: 'http://127.0.0.1:48788' }),
      'Connect',
    )
    const email = modal().getByRole('textbox', { name: 'Email' })
    const submit = modal().getByRole('button', { name: 'Continue' })
    expect(submit).toHaveProperty('disabled', true)

    await user.type(email, 'alice@example')
    expect(submit).toHaveProperty('disabled', false)
    await user.click(submit)

    expect((await modal().findByRole('alert')).textContent).toBe(
      'Enter a valid email address, like name@example.com',
    )
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(latch.router.state.get().view).toBe('Connect')
  })

  it('leads to every wallet and to what a wallet is', async () => {
    const { latch, user, modal } = await renderView(testLatch(), 'Connect')
    await user.click(modal().getByRole('button', { name: /All Wallets/ }))
    expect(latch.router.state.get().view).toBe('AllWallets')
    await user.click(modal().getByRole('button', { name: 'Back' }))
    await user.click(modal().getByRole('button', { name: 'What is a wallet?' }))
    expect(latch.router.state.get().view).toBe('WhatIsAWallet')
  })
})
