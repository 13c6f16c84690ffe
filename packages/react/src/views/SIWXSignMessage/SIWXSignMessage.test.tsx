// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { devnetLatch, renderView } from '../../test/renderView.fixture.tsx'
import { installJsdomWallet } from '../../test/testWallet.fixture.ts'

describe('the sign-in view', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A site that asks for sign-in, its wallet row clicked: the modal then asks to sign. */
  async function askedToSign(decision: 'approve' | 'reject') {
    const wallet = installJsdomWallet(server.devnet, {
      accountIndex: 7,
      decide: ({ method }) => (method === 'personal_sign' ? decision : 'approve'),
    })
    const view = await renderView(
      devnetLatch(server.devnet, server.url, { siwx: { required: true } }),
      'Connect',
    )
    await view.user.click(await view.modal().findByRole('button', { name: /Latch Test Wallet/ }))
    await view.modal().findByTestId('latch-siwx')
    return { wallet, ...view }
  }

  it('signs in with the wallet, verified by the server, and closes', async () => {
    const { latch, user, modal } = await askedToSign('approve')
    expect(modal().getByTestId('latch-siwx').textContent).toContain('Sign this message to prove')

    await user.click(modal().getByRole('button', { name: 'Sign' }))

    await expect.poll(() => latch.modal.state.get().open).toBe(false)
    expect(latch.siwx.hasSession()).toBe(true)
  })

  it("says 'Signature declined' when the wallet refuses, and asks again", async () => {
    const { latch, user, modal } = await askedToSign('reject')
    await user.click(modal().getByRole('button', { name: 'Sign' }))

    expect((await modal().findByRole('alert')).textContent).toBe('Signature declined')
    expect(latch.siwx.hasSession()).toBe(false)
    expect(modal().getByRole('button', { name: 'Sign' })).toHaveProperty('disabled', false)
  })
})
