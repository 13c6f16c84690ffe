// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { renderConnectedView } from '../../test/testWallet.fixture.ts'

describe('the Receive view', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('shows the whole address and its QR code, copies it and says so', async () => {
    const { wallet, user, modal } = await renderConnectedView(server, 'Receive')
    const address = wallet.address
    expect(modal().getByTestId('latch-receive-address').textContent).toBe(address)
    expect(modal().getByRole('img', { name: `QR code of the address ${address}` })).toBeTruthy()
    expect(modal().getByRole('list', { name: 'Networks' }).textContent).toBe(
      'Latch DevnetLatch Devnet 2',
    )

    await user.click(modal().getByRole('button', { name: 'Copy address' }))

    expect((await modal().findByRole('status')).textContent).toBe('Address copied')
    expect(modal().getByRole('button', { name: 'Copied' })).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe(address)
  })
})
