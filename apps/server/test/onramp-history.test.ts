import { randomUUID } from 'node:crypto'
import { HISTORY_PAGE_SIZE, type HistoryResponse, type HistoryTransaction } from '@latch/protocol'
import { getAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { devnetClient, waitForIndexed } from './devnetTx.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import { chainA, declinedCard, goodCard, onrampApi, USDC_A } from './onrampFixtures.ts'

const treasury = getAddress(inject('devnet').onramp?.treasury.address as string)
const freshAddress = () => getAddress(privateKeyToAddress(generatePrivateKey()))

describe.each(DIALECTS)('on-ramp purchases in history on %s', (dialect) => {
  let server: TestServer
  let api: ReturnType<typeof onrampApi>
  beforeAll(async () => {
    server = await startTestServer(dialect, { INDEXER_ENABLED: 'true', INDEXER_POLL_MS: '50' })
    api = onrampApi(server.app)
  })
  afterAll(async () => {
    await server?.close()
  })

  const history = async (address: string, query = '') => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1/account/${address}/history?projectId=latch-dev${query}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as HistoryResponse
  }

  it('lists the paid sandbox orders of the address with ?onramp=sandbox, and marks the payout as bought', async () => {
    const address = freshAddress()
    const quote = await api.quoted({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'latch-devnet',
      provider: 'sandbox',
    })
    const { orderId, path } = await api.sandboxOrder(address, { quoteId: quote.quoteId })
    // An order never paid (declined) is not a purchase.
    const unpaid = await api.sandboxOrder(address, { presetFiatAmount: 20 })
    await api.payWith(unpaid.path, 'card', declinedCard())
    expect((await history(address, '&onramp=sandbox')).data).toEqual([])

    expect((await api.payWith(path, 'card', goodCard())).statusCode).toBe(303)
    const order = await api.settled(orderId)
    expect(order.status).toBe('completed')
    const sent = await devnetClient(chainA).getTransaction({ hash: order.txHash as Hex })

    const listed = await history(address, '&onramp=sandbox')
    expect(listed.next).toBeNull()
    expect(listed.data).toHaveLength(1)
    const entry = listed.data[0] as HistoryTransaction
    expect(entry.metadata).toEqual({
      operationType: 'buy',
      hash: order.txHash,
      chain: `eip155:${chainA.chainId}`,
      minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentFrom: treasury,
      sentTo: address,
      status: 'confirmed',
      nonce: sent.nonce,
      onramp: {
        provider: 'sandbox',
        orderId,
        status: 'completed',
        paymentTotal: { amount: '50.00', currency: 'USD' },
      },
    })
    expect(entry.transfers).toEqual([
      {
        fungible_info: {
          name: 'USD Coin',
          symbol: 'USDC',
          icon: { url: 'http://localhost/public/getTokenImage/USDC?projectId=latch-dev' },
        },
        direction: 'in',
        quantity: { numeric: quote.purchaseAmount.amount },
      },
    ])
    // Other providers' lists and other networks' are empty; unknown providers are refused.
    expect((await history(address, '&onramp=coinbase')).data).toEqual([])
    expect(
      (
        await history(
          address,
          `&onramp=sandbox&chainId=eip155:${inject('devnet').chains[1]?.chainId}`,
        )
      ).data,
    ).toEqual([])
    const unknown = await server.app.inject({
      method: 'GET',
      url: `/v1/account/${address}/history?projectId=latch-dev&onramp=moonpay`,
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe('Unknown on-ramp provider moonpay')

    // Once indexed, the account's own history shows the transfer as the purchase.
    await waitForIndexed(server.db, chainA.chainId, sent.blockNumber as bigint)
    const indexed = await history(address)
    expect(indexed.data).toHaveLength(1)
    const bought = indexed.data[0] as HistoryTransaction
    expect(bought.metadata).toMatchObject({
      operationType: 'buy',
      hash: order.txHash,
      sentFrom: treasury,
      sentTo: getAddress(USDC_A),
      status: 'confirmed',
      onramp: { provider: 'sandbox', orderId, status: 'completed' },
    })
    expect(bought.transfers.map((transfer) => transfer.quantity.numeric)).toEqual([
      quote.purchaseAmount.amount,
    ])
    // The treasury's own history shows a send, not a purchase.
    const treasuryView = await history(treasury, `&chainId=eip155:${chainA.chainId}`)
    const fromTreasury = treasuryView.data.find(
      (transaction) => transaction.metadata.hash === order.txHash,
    )
    expect(fromTreasury?.metadata.operationType).toBe('send')
    expect(fromTreasury?.metadata.onramp).toBeUndefined()
  })

  it('pages ?onramp= lists newest paid first', async () => {
    const address = freshAddress()
    const count = HISTORY_PAGE_SIZE + 5
    const start = Date.now() - count * 60_000
    const ids: string[] = []
    // Failed orders, written as the worker leaves them: a long list without as many payouts.
    for (let index = 0; index < count; index++) {
      const id = randomUUID()
      ids.push(id)
      const paidAt = new Date(start + index * 60_000)
      await server.db.query(
        `insert into onramp_orders (id, project_id, provider, status, payment_currency,
           payment_total_cents, provider_fee_cents, network_fee_cents, purchase_currency, chain_id,
           token_address, decimals, purchase_amount, address, payment_method, failure_reason,
           created_at, updated_at, expires_at, paid_at, settled_at)
         values ($1, 'latch-dev', 'sandbox', 'failed', 'USD', 2000, 30, 20, 'USDC', $2, $3, 6,
           '19500000', $4, 'card', 'refunded', $5, $5, $5, $5, $5)`,
        [id, chainA.chainId, USDC_A.toLowerCase(), address.toLowerCase(), paidAt],
      )
    }
    const first = await history(address, '&onramp=sandbox')
    expect(first.data).toHaveLength(HISTORY_PAGE_SIZE)
    expect(first.next).toEqual(expect.any(String))
    const second = await history(address, `&onramp=sandbox&cursor=${first.next}`)
    expect(second.next).toBeNull()
    const seen = [...first.data, ...second.data].map((entry) => entry.metadata.onramp?.orderId)
    expect(seen).toEqual([...ids].reverse())
    expect(second.data[0]?.metadata).toMatchObject({ status: 'failed', hash: '', sentFrom: '' })
    const bad = await server.app.inject({
      method: 'GET',
      url: `/v1/account/${address}/history?projectId=latch-dev&onramp=sandbox&cursor=bm9wZQ`,
    })
    expect(bad.statusCode).toBe(400)
  })
})
