// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { renderConnectedView } from '../../test/testWallet.fixture.ts'

describe('the Swap view', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  /** Swap for a connected wallet, its tokens loaded from the server. */
  async function swapView() {
    const view = await renderConnectedView(server, 'Swap')
    const amount = await view.modal().findByRole('textbox', { name: 'You pay' })
    const receive = view.modal().getByTestId('latch-swap-receive')
    const action = view.modal().getByTestId('latch-swap-action')
    return { ...view, amount, receive, action }
  }

  /** What the quote says arrives, once it has come. */
  async function quoted(view: Awaited<ReturnType<typeof swapView>>) {
    await expect.poll(() => view.action.textContent).toBe('Swap')
    return Number(view.receive.textContent?.replaceAll(',', ''))
  }

  it('asks the server for a quote once an amount is typed, and offers to swap', async () => {
    const view = await swapView()
    expect(view.modal().getByRole('button', { name: /^Token to pay: ?ETH$/ })).toBeTruthy()
    expect(view.modal().getByRole('button', { name: /^Token to receive: ?USDC$/ })).toBeTruthy()
    expect(view.action.textContent).toBe('Enter an amount')
    expect(view.action).toHaveProperty('disabled', true)

    await view.user.type(view.amount, '0.1')
    // The devnet's pool prices ETH at 3000 USDC, less its 0.3% fee and the price moved.
    const received = await quoted(view)
    expect(received).toBeGreaterThan(280)
    expect(received).toBeLessThan(300)
    expect(view.action).toHaveProperty('disabled', false)
    expect(view.modal().getByText(/^1 ETH = [\d,.]+ USDC$/)).toBeTruthy()
  })

  it('quotes again for the token picked to receive', async () => {
    const view = await swapView()
    await view.user.type(view.amount, '0.1')
    await quoted(view)
    await view.user.click(view.modal().getByRole('button', { name: /^Token to receive: ?USDC$/ }))
    const list = view.modal().getByRole('list', { name: 'Token to receive' })
    const dai = [...list.querySelectorAll('button')].find(
      (button) => button.querySelector('span span')?.textContent === 'DAI',
    )
    if (!dai) throw new Error(`no DAI in ${list.textContent}`)
    await view.user.click(dai)

    expect(view.modal().getByRole('button', { name: /^Token to receive: ?DAI$/ })).toBeTruthy()
    await expect.poll(() => view.modal().queryByText(/^1 ETH = [\d,.]+ DAI$/)).toBeTruthy()
    const received = await quoted(view)
    expect(received).toBeGreaterThan(280)
    expect(received).toBeLessThan(300)
  })

  it('turns the button off for more than the balance, and says why', async () => {
    const view = await swapView()
    await view.user.type(view.amount, '1000000')
    await expect.poll(() => view.action.textContent).toBe('Insufficient balance')
    expect(view.action).toHaveProperty('disabled', true)
    expect(view.amount.getAttribute('aria-invalid')).toBe('true')
  })
})
