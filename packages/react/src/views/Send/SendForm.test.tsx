// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fr from '../../i18n/locales/fr.ts'
import { type LatchServer, startLatchServer } from '../../test/latchServer.fixture.ts'
import { renderConnectedView } from '../../test/testWallet.fixture.ts'

describe('the Send form', () => {
  let server: LatchServer
  beforeAll(async () => {
    server = await startLatchServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  /** Send opened from the Account view once its tokens showed, as a visitor gets there. */
  async function sendView() {
    const view = await renderConnectedView(server, 'Account')
    await view.modal().findByRole('list', { name: 'Tokens' })
    await view.user.click(view.modal().getByRole('button', { name: 'Send' }))
    const receiver = server.devnet.accounts[8]?.address ?? ''
    return { ...view, receiver }
  }

  /** Picks `symbol` in the token picker (`label`: its name in the visitor's language). */
  async function pick(
    view: Pick<Awaited<ReturnType<typeof sendView>>, 'modal' | 'user'>,
    symbol: string,
    label = 'Tokens to send',
  ) {
    await view.user.click(view.modal().getByTestId('latch-send-token'))
    const list = view.modal().getByRole('list', { name: label })
    const rows = [...list.querySelectorAll('button')]
    const row = rows.find((button) => button.querySelector('span span')?.textContent === symbol)
    if (!row) throw new Error(`no ${symbol} in ${list.textContent}`)
    await view.user.click(row)
  }

  it('lists the held tokens and shows the one picked', async () => {
    const view = await sendView()
    await view.user.click(view.modal().getByTestId('latch-send-token'))
    const list = view.modal().getByRole('list', { name: 'Tokens to send' })
    expect(list.textContent).toContain('ETH')
    expect(list.textContent).toContain('USDC')
    await view.user.click(view.modal().getByRole('button', { name: 'Back to send' }))
    await pick(view, 'USDC')
    expect(view.modal().getByTestId('latch-send-token').textContent).toBe('Token: USDC')
  })

  it('refuses more than the balance, says so, and stays on the form', async () => {
    const view = await sendView()
    await pick(view, 'USDC')
    await view.user.type(view.modal().getByRole('textbox', { name: 'Amount' }), '1000000000')
    await view.user.type(view.modal().getByRole('textbox', { name: 'Receiver' }), view.receiver)
    await view.user.click(view.modal().getByRole('button', { name: 'Review' }))
    expect((await view.modal().findByRole('alert')).textContent).toBe('Insufficient USDC balance')
    expect(view.modal().queryByTestId('latch-send-review')).toBeNull()
  })

  it('refuses a receiver whose mixed case is not its checksum, and says it is likely mistyped', async () => {
    const view = await sendView()
    await pick(view, 'ETH')
    // The receiver's checksummed address with its first small letter made a capital.
    const typo = view.receiver.replace(/[a-f]/, (letter) => letter.toUpperCase())
    await view.user.type(view.modal().getByRole('textbox', { name: 'Amount' }), '0.001')
    await view.user.type(view.modal().getByRole('textbox', { name: 'Receiver' }), typo)
    await view.user.click(view.modal().getByRole('button', { name: 'Review' }))
    expect((await view.modal().findByRole('alert')).textContent).toBe(
      "Invalid receiver address. The mix of capital and small letters does not match this address's checksum: a character is likely mistyped.",
    )
    expect(view.modal().queryByTestId('latch-send-review')).toBeNull()
  })

  it("tells the reason in the visitor's language", async () => {
    const view = await renderConnectedView(server, 'Send', { config: { locale: 'fr' } })
    await view.modal().findByRole('textbox', { name: fr['send.amount'] as string })
    await pick(view, 'ETH', fr['sendPicker.label'] as string)
    const typo = (server.devnet.accounts[8]?.address ?? '').replace(/[a-f]/, (letter) =>
      letter.toUpperCase(),
    )
    await view.user.type(
      view.modal().getByRole('textbox', { name: fr['send.amount'] as string }),
      '0.001',
    )
    await view.user.type(
      view.modal().getByRole('textbox', { name: fr['send.receiver'] as string }),
      typo,
    )
    await view.user.click(view.modal().getByRole('button', { name: fr['send.review'] as string }))
    expect((await view.modal().findByRole('alert')).textContent).toBe(
      'Adresse du destinataire invalide. Les majuscules et minuscules ne correspondent pas à la somme de contrôle de cette adresse : un caractère a sans doute été mal saisi.',
    )
  })

  it('reviews what goes where with the fee, then Edit keeps what was typed', async () => {
    const view = await sendView()
    await pick(view, 'USDC')
    await view.user.type(view.modal().getByRole('textbox', { name: 'Amount' }), '1.5')
    await view.user.type(view.modal().getByRole('textbox', { name: 'Receiver' }), view.receiver)
    await view.user.click(view.modal().getByRole('button', { name: 'Review' }))

    const review = await view.modal().findByTestId('latch-send-review')
    expect(review.textContent).toContain('Send 1.5 USDC')
    expect(review.textContent).toContain(`to ${view.receiver}`)
    const send = view.modal().getByRole('button', { name: 'Send' })
    // Send waits for the fee, checked against the balance on the chain.
    await expect
      .poll(() => view.modal().getByTestId('latch-send-fee').textContent)
      .toMatch(/^Network fee: up to [0-9.]+ ETH/)
    expect(send).toHaveProperty('disabled', false)

    await view.user.click(view.modal().getByRole('button', { name: 'Edit' }))
    expect(view.modal().getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '1.5')
    expect(view.modal().getByRole('textbox', { name: 'Receiver' })).toHaveProperty(
      'value',
      view.receiver,
    )
  })
})
