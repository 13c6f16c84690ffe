// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { devnetLatch, renderView } from '../../test/renderView.fixture.tsx'
import { renderConnectedView } from '../../test/testWallet.fixture.ts'

describe('the Networks view', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  const activeIn = (list: HTMLElement) =>
    [...list.querySelectorAll('[aria-current="true"] .latch-list-item-label')].map(
      (label) => label.textContent,
    )

  it("switches the wallet's chain from the Account view and marks the new one active", async () => {
    const { latch, user, modal } = await renderConnectedView(server, 'Account')
    await user.click(modal().getByRole('button', { name: /^Network: Latch Devnet\. / }))
    const list = modal().getByRole('list', { name: 'Networks' })
    expect(activeIn(list)).toEqual(['Latch Devnet'])

    await user.click(modal().getByRole('button', { name: /Latch Devnet 2/ }))

    await expect.poll(() => latch.network.state.get().activeNetwork?.id).toBe(31338)
    await expect.poll(() => activeIn(list)).toEqual(['Latch Devnet 2'])
    expect(latch.network.state.get().unsupported).toBe(false)
  })

  it('without a wallet, picks the network the modal connects on and goes back', async () => {
    const { latch, user, modal } = await renderView(
      devnetLatch(server.devnet, server.url),
      'Connect',
    )
    latch.router.push('Networks')
    await user.click(await modal().findByRole('button', { name: /Latch Devnet 2/ }))
    expect(latch.network.state.get().activeNetwork?.id).toBe(31338)
    expect(latch.router.state.get().view).toBe('Connect')
  })
})
