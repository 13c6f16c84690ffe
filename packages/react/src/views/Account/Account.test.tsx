// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { renderConnectedView } from '../../test/testWallet.fixture.ts'

describe('the Account view', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  const accountView = () => renderConnectedView(server, 'Account')

  it('opens Send, Receive and Swap from their buttons, and Back returns', async () => {
    const { latch, user, modal } = await accountView()
    for (const action of ['Send', 'Receive', 'Swap']) {
      await user.click(modal().getByRole('button', { name: action }))
      expect(latch.router.state.get().view).toBe(action)
      expect(modal().getByRole('heading', { level: 2 }).textContent).toBe(action)
      await user.click(modal().getByRole('button', { name: 'Back' }))
      expect(latch.router.state.get().view).toBe('Account')
    }
  })

  it('copies the full address and says so', async () => {
    const { wallet, user, modal } = await accountView()
    await user.click(modal().getByRole('button', { name: /Copy address/ }))
    expect((await modal().findByRole('status')).textContent).toBe('Address copied')
    expect(await navigator.clipboard.readText()).toBe(wallet.address)
  })

  it('disconnects: the account is gone, the modal closes, the button offers to connect', async () => {
    const { latch, user, modal, findByRole } = await accountView()
    await user.click(modal().getByRole('button', { name: 'Disconnect' }))
    await findByRole('button', { name: 'Connect Wallet' })
    expect(latch.account.state.get().byNamespace.eip155?.status).toBe('disconnected')
    expect(latch.account.state.get().byNamespace.eip155?.address).toBeUndefined()
    expect(latch.modal.state.get().open).toBe(false)
  })
})
