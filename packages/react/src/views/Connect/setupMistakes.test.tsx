// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import type { LatchConfig } from '@latch/core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TEST_FRAME_URL } from '../../../../../apps/server/test/helpers.ts'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { devnetLatch, renderView } from '../../test/renderView.fixture.tsx'
import { installJsdomWallet } from '../../test/testWallet.fixture.ts'

const NOT_SET_UP =
  "This site's wallet service is not set up correctly. Wallets installed in your browser still work, but some features are unavailable."

// The Connect view of a site set up wrong, as its visitor sees it: what went wrong in plain words,
// no email or social login that could only fail, and the wallet in their browser connecting.
describe('the Connect view of a site set up wrong', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** The modal on Connect for a site with email and social login and `config`'s mistake. */
  async function visit(config: Partial<LatchConfig>) {
    // The developer's console line is core's to test: here it only stays out of the output.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    installJsdomWallet(server.devnet, { accountIndex: 7 })
    return renderView(
      devnetLatch(server.devnet, server.url, { walletFrameUrl: TEST_FRAME_URL, ...config }),
      'Connect',
    )
  }

  /** Clicks the browser wallet's row: the modal closes on the connected account. */
  async function connectBrowserWallet(rendered: Awaited<ReturnType<typeof visit>>) {
    const row = await rendered.modal().findByRole('button', { name: /Latch Test Wallet/ })
    await rendered.user.click(row)
    await rendered.findByRole('button', { name: /0x/ })
    expect(rendered.latch.modal.state.get().open).toBe(false)
  }

  /** Waits until the modal offers neither email nor social login. */
  const loginsWithdrawn = (rendered: Awaited<ReturnType<typeof visit>>) =>
    vi.waitFor(() => {
      expect(rendered.modal().queryByRole('textbox', { name: /Email|E-mail/ })).toBeNull()
      expect(
        rendered.modal().queryAllByRole('button', { name: /^(Log in with|Se connecter)/ }),
      ).toEqual([])
    })

  it('without a projectId: says so, and lists and connects the browser wallet', async () => {
    const rendered = await visit({ projectId: '' })
    const alert = await rendered.modal().findByRole('alert', {}, { timeout: 5_000 })
    expect(alert.textContent).toBe(`Project ID Not Configured${NOT_SET_UP}`)
    await loginsWithdrawn(rendered)
    await connectBrowserWallet(rendered)
  })

  it('with an unreachable server: says so, offers no email or social login, connects the wallet', async () => {
    const rendered = await visit({ serverUrl: 'http://127.0.0.1:9' })
    const alert = await rendered.modal().findByRole('alert', {}, { timeout: 5_000 })
    expect(alert.textContent).toBe(
      "Service UnreachableThis site's wallet service could not be reached. Wallets installed in your browser still work, but some features are unavailable.",
    )
    await loginsWithdrawn(rendered)
    await connectBrowserWallet(rendered)
  })

  it("with a project the server does not know: says so in the visitor's language", async () => {
    const rendered = await visit({ projectId: 'nobody', locale: 'fr' })
    await vi.waitFor(
      () =>
        expect(rendered.modal().getByRole('alert').textContent).toBe(
          'ID de projet invalideLe service de wallet de ce site n’est pas correctement configuré. Les wallets installés dans votre navigateur fonctionnent toujours, mais certaines fonctionnalités sont indisponibles.',
        ),
      // The server's answer and the French catalogue both arrive first: seconds on a busy machine.
      { timeout: 5_000 },
    )
    await loginsWithdrawn(rendered)
  })
})
