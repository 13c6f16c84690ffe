import { ONRAMP_SANDBOX_MESSAGES, onrampLimitMessage } from '@latch/protocol'
import { erc20Abi, getAddress, type Hex, parseEther, parseEventLogs, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CHECKOUT_MESSAGES, CHECKOUT_POLICY } from '../src/onramp/sandbox/checkoutPage.ts'
import { FIELD_MESSAGES } from '../src/onramp/sandbox/instruments.ts'
import { ProjectStore } from '../src/projects.ts'
import { devnetClient } from './devnetTx.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import {
  alertOf,
  chainA,
  chainB,
  declinedCard,
  goodBank,
  goodCard,
  onrampApi,
  USDC_A,
  usdcBalance,
} from './onrampFixtures.ts'

const treasury = inject('devnet').onramp?.treasury.address as string
const freshAddress = () => getAddress(privateKeyToAddress(generatePrivateKey()))

describe.each(DIALECTS)('the sandbox on-ramp on %s', (dialect) => {
  let server: TestServer
  let api: ReturnType<typeof onrampApi>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    api = onrampApi(server.app)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A sandbox quote of `amount` USD of USDC on the first chain, and its order for `address`. */
  const quotedOrder = async (
    address: string,
    amount = '50',
    paymentMethod: 'card' | 'ach' = 'card',
  ) => {
    const quote = await api.quoted({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount,
      network: 'latch-devnet',
      paymentMethod,
      provider: 'sandbox',
    })
    const order = await api.sandboxOrder(address, { quoteId: quote.quoteId })
    return { quote, ...order }
  }

  it('pays the card, then sends exactly the quoted USDC from the treasury to the wallet', async () => {
    const address = freshAddress()
    const { quote, orderId, path } = await quotedOrder(address)
    expect(path).toBe(`/onramp/sandbox/checkout/${orderId}`)
    const created = await api.orderOf(orderId)
    expect(created).toMatchObject({
      orderId,
      provider: 'sandbox',
      status: 'created',
      paymentTotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: quote.purchaseAmount,
      network: `eip155:${chainA.chainId}`,
      address,
    })
    expect(created.txHash).toBeUndefined()

    const page = await api.checkout(path)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBe(CHECKOUT_POLICY)
    expect(CHECKOUT_POLICY).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; frame-ancestors 'none'/,
    )
    expect(page.body).toContain('Test mode')
    expect(page.body).toContain('4242 4242 4242 4242')
    expect(page.body).toContain('4000 0000 0000 0002')
    expect(page.body).toContain('110000000')
    for (const text of [
      // Money as the page's language writes it (English here).
      '<dt>You pay</dt><dd>$50.00</dd>',
      `<dt>You receive</dt><dd>${quote.purchaseAmount.amount} USDC</dd>`,
      `<dt>Network</dt><dd>${chainA.name}</dd>`,
      `<dt>To</dt><dd>${address}</dd>`,
      `<dt>Provider fee</dt><dd>$${quote.coinbaseFee.amount}</dd>`,
      `<dt>Network fee</dt><dd>$${quote.networkFee.amount}</dd>`,
      '<label for="card-number">Card number</label>',
      '<label for="card-expiry">Expiry (MM/YY)</label>',
      '<label for="card-cvc">CVC</label>',
      '<label for="card-name">Name on card</label>',
      '<button type="submit">Pay with card</button>',
      '<label for="bank-routing">Routing number</label>',
      '<label for="bank-account">Account number</label>',
      '<button type="submit">Pay from bank account</button>',
    ]) {
      expect(page.body).toContain(text)
    }
    // Nothing loads from elsewhere, nothing runs.
    expect(page.body).not.toMatch(/<script|https?:\/\/|\son[a-z]+=/i)
    expect(alertOf(page)).toBeUndefined()

    const before = await usdcBalance(address)
    const paid = await api.payWith(path, 'card', goodCard())
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(path)
    const pending = await api.checkout(path)
    // Either still on its way, or already sent.
    expect(pending.body).toMatch(/Payment received|USDC sent/)

    const settled = await api.settled(orderId)
    expect(settled.status).toBe('completed')
    expect(settled.paymentMethod).toBe('card')
    expect(settled.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    const received = (await usdcBalance(address)) - before
    expect(received).toBe(parseUnits(quote.purchaseAmount.amount, 6))

    const receipt = await devnetClient(chainA).getTransactionReceipt({
      hash: settled.txHash as Hex,
    })
    expect(receipt.from.toLowerCase()).toBe(treasury.toLowerCase())
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    expect(
      transfers.map((log) => [log.address.toLowerCase(), log.args.to, log.args.value]),
    ).toEqual([[USDC_A.toLowerCase(), address, received]])

    const done = await api.checkout(path)
    expect(done.body).toContain(`<h1>${quote.purchaseAmount.amount} USDC sent</h1>`)
    expect(done.body).toContain(settled.txHash)
    expect(done.body).not.toContain('http-equiv="refresh"')
  })

  it('fails a paid order it cannot pay out, saying the payment was refunded', async () => {
    const { orderId, path } = await quotedOrder(freshAddress())
    // Paid on a network this server no longer serves.
    await server.db.query(
      `update onramp_orders set status = 'pending', payment_method = 'card', paid_at = $2,
         chain_id = 999999 where id = $1`,
      [orderId, new Date()],
    )
    const failed = await api.settled(orderId)
    expect(failed.status).toBe('failed')
    expect(failed.failureReason).toBe(
      'This network is no longer served: your payment was refunded.',
    )
    const shown = await api.checkout(path)
    expect(shown.body).toContain('<h1>Purchase failed</h1>')
    expect(alertOf(shown)).toBe(failed.failureReason)
  })

  it('declines the declined card: nothing is sent, the message is kept, another card may pay', async () => {
    const address = freshAddress()
    const { quote, orderId, path } = await quotedOrder(address, '20')
    const declined = await api.payWith(path, 'card', declinedCard())
    expect(declined.statusCode).toBe(303)
    const page = await api.checkout(path)
    expect(alertOf(page)).toBe(ONRAMP_SANDBOX_MESSAGES.cardDeclined)
    const order = await api.orderOf(orderId)
    expect(order.status).toBe('created')
    expect(order.paymentError).toBe(ONRAMP_SANDBOX_MESSAGES.cardDeclined)
    expect(order.paymentMethod).toBeUndefined()
    // No payout is on its way: a second later the wallet still has nothing.
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(await usdcBalance(address)).toBe(0n)
    expect((await api.orderOf(orderId)).status).toBe('created')

    const other = await api.payWith(path, 'card', goodCard({ cardNumber: '5555555555554444' }))
    expect(other.statusCode).toBe(303)
    expect(alertOf(await api.checkout(path))).toBe(ONRAMP_SANDBOX_MESSAGES.unknownCard)

    expect((await api.payWith(path, 'card', goodCard())).statusCode).toBe(303)
    const settled = await api.settled(orderId)
    expect(settled.status).toBe('completed')
    expect(settled.paymentError).toBeUndefined()
    expect(await usdcBalance(address)).toBe(parseUnits(quote.purchaseAmount.amount, 6))
  })

  it('checks the card and bank fields and shows what to fix', async () => {
    const { orderId, path } = await quotedOrder(freshAddress())
    const cases: ['card' | 'ach', Record<string, string>, string][] = [
      ['card', goodCard({ cardNumber: '4242 4242 4242 4241' }), FIELD_MESSAGES.cardNumber],
      ['card', goodCard({ cardNumber: '4242' }), FIELD_MESSAGES.cardNumber],
      ['card', goodCard({ expiry: '13/30' }), FIELD_MESSAGES.expiryFormat],
      ['card', goodCard({ expiry: '01/20' }), FIELD_MESSAGES.expiryPast],
      ['card', goodCard({ cvc: '12' }), FIELD_MESSAGES.cvc],
      ['card', goodCard({ cvc: '12345' }), FIELD_MESSAGES.cvc],
      ['card', goodCard({ name: '  ' }), FIELD_MESSAGES.name],
      ['ach', goodBank({ routingNumber: '110000001' }), FIELD_MESSAGES.routingNumber],
      ['ach', goodBank({ routingNumber: '11000000' }), FIELD_MESSAGES.routingNumber],
      ['ach', goodBank({ accountNumber: '123' }), FIELD_MESSAGES.accountNumber],
      ['ach', goodBank({ accountNumber: '123456789012345678' }), FIELD_MESSAGES.accountNumber],
    ]
    for (const [method, fields, message] of cases) {
      const response = await api.payWith(path, method, fields)
      expect(response.statusCode, message).toBe(400)
      expect(response.headers['content-security-policy']).toBe(CHECKOUT_POLICY)
      expect(alertOf(response), JSON.stringify(fields)).toBe(message)
      // The page again, with fresh forms: only the hidden fields have values, nothing is echoed.
      expect(response.body).toContain('<button type="submit">Pay with card</button>')
      expect(response.body.match(/<input[^>]* value="/g)).toHaveLength(4)
    }
    const wrongBank = await api.payWith(path, 'ach', goodBank({ routingNumber: '021000021' }))
    expect(wrongBank.statusCode).toBe(303)
    expect(alertOf(await api.checkout(path))).toBe(ONRAMP_SANDBOX_MESSAGES.unknownBankAccount)
    const noKey = await api.pay(path, 'card', goodCard(), 'short')
    expect(noKey.statusCode).toBe(400)
    expect(alertOf(noKey)).toBe(CHECKOUT_MESSAGES.badForm)
    expect((await api.orderOf(orderId)).status).toBe('created')
  })

  it('pays from the test bank account, and refuses the one without funds', async () => {
    const address = freshAddress()
    const { quote, orderId, path } = await quotedOrder(address, '120', 'ach')
    const poor = await api.payWith(path, 'ach', goodBank({ accountNumber: '000111111116' }))
    expect(poor.statusCode).toBe(303)
    expect(alertOf(await api.checkout(path))).toBe(ONRAMP_SANDBOX_MESSAGES.insufficientFunds)
    expect((await api.orderOf(orderId)).paymentError).toBe(
      ONRAMP_SANDBOX_MESSAGES.insufficientFunds,
    )

    expect((await api.payWith(path, 'ach', goodBank())).statusCode).toBe(303)
    const settled = await api.settled(orderId)
    expect(settled).toMatchObject({ status: 'completed', paymentMethod: 'ach' })
    expect(await usdcBalance(address)).toBe(parseUnits(quote.purchaseAmount.amount, 6))
  })

  it("enforces the chosen method's limits: 8000 USD by bank, not by card", async () => {
    const address = freshAddress()
    const { quote, orderId, path } = await quotedOrder(address, '8000', 'ach')
    const byCard = await api.payWith(path, 'card', goodCard())
    expect(byCard.statusCode).toBe(400)
    expect(alertOf(byCard)).toBe(onrampLimitMessage('max', '7500.00', 'USD', 'card'))
    expect((await api.orderOf(orderId)).status).toBe('created')
    expect((await api.payWith(path, 'ach', goodBank())).statusCode).toBe(303)
    expect((await api.settled(orderId)).status).toBe('completed')
    expect(await usdcBalance(address)).toBe(parseUnits(quote.purchaseAmount.amount, 6))

    // Without a quote the amount must suit some method.
    const tooSmall = await api.url({
      provider: 'sandbox',
      destinationWallets: [{ address }],
      presetFiatAmount: 5,
    })
    expect(tooSmall.statusCode).toBe(400)
    expect(tooSmall.json().message).toBe(onrampLimitMessage('min', '10.00', 'USD', 'card'))
    const tooLarge = await api.url({
      provider: 'sandbox',
      destinationWallets: [{ address }],
      presetFiatAmount: 25_000.01,
      paymentCurrency: 'EUR',
    })
    expect(tooLarge.statusCode).toBe(400)
    expect(tooLarge.json().message).toBe(onrampLimitMessage('max', '25000.00', 'EUR', 'ach'))
  })

  it('sends once for a form submitted five times at once with the same key', async () => {
    const address = freshAddress()
    const { quote, orderId, path } = await quotedOrder(address, '30')
    const key = await api.formKey(path, 'card')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.pay(path, 'card', goodCard(), key)),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303, 303, 303, 303])
    const settled = await api.settled(orderId)
    expect(settled.status).toBe('completed')
    await expectSentOnce(address, parseUnits(quote.purchaseAmount.amount, 6))
  })

  it('sends once for two forms of the order paid at once, and a payment after that', async () => {
    const address = freshAddress()
    const { quote, orderId, path } = await quotedOrder(address, '40')
    const [cardKey, bankKey] = [await api.formKey(path, 'card'), await api.formKey(path, 'ach')]
    const answers = await Promise.all([
      api.pay(path, 'card', goodCard(), cardKey),
      api.pay(path, 'ach', goodBank(), bankKey),
      api.pay(path, 'card', goodCard(), await api.formKey(path, 'card')),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303, 303])
    expect((await api.settled(orderId)).status).toBe('completed')
    // Paying the completed order again charges nothing and sends nothing.
    const again = await api.pay(path, 'card', goodCard(), 'a-later-key-from-another-tab')
    expect(again.statusCode).toBe(303)
    await expectSentOnce(address, parseUnits(quote.purchaseAmount.amount, 6))
  })

  it('refuses an expired or unknown quote, and a checkout past its time', async () => {
    const address = freshAddress()
    const quote = await api.quoted({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '15',
      network: 'latch-devnet',
      provider: 'sandbox',
    })
    await server.db.query(`update onramp_quotes set expires_at = $2 where id = $1`, [
      quote.quoteId,
      new Date(Date.now() - 1000),
    ])
    for (const quoteId of [quote.quoteId, '3f1c2b1a-0000-4000-8000-000000000000']) {
      const response = await api.url({
        provider: 'sandbox',
        destinationWallets: [{ address }],
        quoteId,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe('Quote expired, ask for a new one')
    }

    const { orderId, path } = await quotedOrder(address, '15')
    const key = await api.formKey(path, 'card')
    await server.db.query(`update onramp_orders set expires_at = $2 where id = $1`, [
      orderId,
      new Date(Date.now() - 1000),
    ])
    const page = await api.checkout(path)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1>Checkout expired</h1>')
    expect(page.body).not.toContain('<form')
    const paid = await api.pay(path, 'card', goodCard(), key)
    expect(paid.statusCode).toBe(410)
    expect(alertOf(paid)).toBe(CHECKOUT_MESSAGES.expired)
    expect((await api.orderOf(orderId)).status).toBe('created')
    expect(await usdcBalance(address)).toBe(0n)
  })

  it('prunes expired quotes as new ones come, but keeps those an order was made from', async () => {
    const ask = () =>
      api.quoted({
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '20',
        network: 'latch-devnet',
        provider: 'sandbox',
      })
    const unused = await ask()
    const { quote: ordered } = await quotedOrder(freshAddress(), '20')
    const ids = [unused.quoteId, ordered.quoteId]
    await server.db.query(`update onramp_quotes set expires_at = $2 where id = any($1)`, [
      ids,
      new Date(Date.now() - 1000),
    ])
    const next = await ask()
    const kept = await server.db.query<{ id: string }>(
      `select id from onramp_quotes where id = any($1)`,
      [[...ids, next.quoteId]],
    )
    expect(kept.map((row) => row.id).sort()).toEqual([ordered.quoteId, next.quoteId].sort())
  })

  it('checks the quote against the wallet: its network must be one the wallet takes', async () => {
    const quote = await api.quoted({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '15',
      network: 'latch-devnet',
      provider: 'sandbox',
    })
    const response = await api.url({
      provider: 'sandbox',
      destinationWallets: [{ address: freshAddress(), blockchains: ['latch-devnet-2'] }],
      quoteId: quote.quoteId,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('No destination wallet takes USDC on latch-devnet')
    const solana = await api.url({
      provider: 'sandbox',
      destinationWallets: [{ address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' }],
      presetFiatAmount: 20,
    })
    expect(solana.statusCode).toBe(400)
    expect(solana.json().message).toBe('The sandbox pays out to EVM addresses (0x...) only')
    const noAmount = await api.url({
      provider: 'sandbox',
      destinationWallets: [{ address: freshAddress() }],
    })
    expect(noAmount.statusCode).toBe(400)
    expect(noAmount.json().message).toBe('A sandbox order needs a quoteId or a presetFiatAmount')
  })

  it("prices an order without a quote: the wallet's first asset on the default network", async () => {
    const address = freshAddress()
    const { orderId, path } = await api.sandboxOrder(address, {
      destinationWallets: [{ address, assets: ['ETH'], blockchains: ['latch-devnet-2'] }],
      presetFiatAmount: 25,
    })
    const order = await api.orderOf(orderId)
    expect(order).toMatchObject({
      status: 'created',
      paymentTotal: { amount: '25.00', currency: 'USD' },
      network: `eip155:${chainB.chainId}`,
    })
    expect(order.purchaseAmount.currency).toBe('ETH')
    expect(order.purchaseAmount.amount).toMatch(/^0\.\d{1,8}$/)
    expect((await api.payWith(path, 'card', goodCard())).statusCode).toBe(303)
    expect((await api.settled(orderId)).status).toBe('completed')
    expect(await devnetClient(chainB).getBalance({ address })).toBe(
      parseEther(order.purchaseAmount.amount),
    )
  })

  it("shows an order to its project only, and a page for an order that doesn't exist", async () => {
    const { orderId } = await quotedOrder(freshAddress(), '12')
    await new ProjectStore(server.db).upsert({
      id: 'other-shop',
      name: 'Other',
      allowedOrigins: [],
    })
    const foreign = await api.order(orderId, 'projectId=other-shop')
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe(`No on-ramp order ${orderId}`)
    for (const id of ['3f1c2b1a-0000-4000-8000-000000000000', 'not-an-order']) {
      const page = await api.checkout(`/onramp/sandbox/checkout/${id}`)
      expect(page.statusCode).toBe(404)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.body).toContain('<h1>Checkout not found</h1>')
      const paid = await api.pay(
        `/onramp/sandbox/checkout/${id}`,
        'card',
        goodCard(),
        'k'.repeat(24),
      )
      expect(paid.statusCode).toBe(404)
    }
  })

  it('limits payment attempts per IP', async () => {
    const { path } = await quotedOrder(freshAddress())
    const ip = '203.0.113.9'
    const bad = goodCard({ cvc: '1' })
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await api.payWith(path, 'card', bad, ip)).statusCode).toBe(400)
    }
    const limited = await api.payWith(path, 'card', goodCard(), ip)
    expect(limited.statusCode).toBe(429)
    expect(alertOf(limited)).toMatch(/^Too many requests: at most 20 per 60 s/)
    // Another visitor is not held back.
    expect((await api.payWith(path, 'card', bad, '203.0.113.10')).statusCode).toBe(400)
  })

  /** The wallet got `amount` USDC, in one transfer from the treasury. */
  async function expectSentOnce(address: string, amount: bigint): Promise<void> {
    // Another payout would follow the first within the worker's poll: give it the time.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await usdcBalance(address)).toBe(amount)
    const logs = await devnetClient(chainA).getContractEvents({
      address: USDC_A,
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { to: address as Hex },
      fromBlock: 0n,
    })
    expect(logs).toHaveLength(1)
  }
})
