import { startFakePriceApi } from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { bitcoinChainsOfDevnet, chainsOfDevnet } from '../src/config.ts'
import {
  bitcoinDevnet,
  bitcoinKey,
  type CountingEsplora,
  startCountingEsplora,
} from './bitcoinTx.ts'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'

const manifest = inject('devnet')
const chain = manifest.bitcoin as NonNullable<typeof manifest.bitcoin>
const BITCOIN = chain.caipNetworkId
const EVM = `eip155:${manifest.chains[0]?.chainId}`
const QUERY = 'projectId=latch-dev&st=latch&sv=0.1.0'
const MAINNET_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

type Entry = {
  metadata: {
    hash: string
    status: string
    operationType: string
    sentFrom: string
    sentTo: string
    chain: string
  }
  transfers: {
    direction: string
    quantity: { numeric: string }
    fungible_info?: { symbol: string }
  }[]
}

describe('Bitcoin on the server', () => {
  let server: TestServer
  let proxy: CountingEsplora
  const bitcoin = bitcoinDevnet(chain)

  beforeAll(async () => {
    proxy = await startCountingEsplora(chain.esploraUrl)
    const [bitcoinChain] = bitcoinChainsOfDevnet(manifest)
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify([
        ...chainsOfDevnet(manifest),
        { ...bitcoinChain, esploraUrls: [proxy.url] },
      ]),
    })
  })
  afterAll(async () => {
    await server?.close()
    await proxy?.close()
  })

  const get = (path: string, app = server.app) =>
    app.inject({
      method: 'GET',
      url: `${path}${path.includes('?') ? '&' : '?'}${QUERY}`,
      headers: { origin: DEMO_ORIGIN },
    })
  const upstreamCalls = async (run: () => Promise<unknown>) => {
    const before = proxy.requests.length
    await run()
    return proxy.requests.slice(before)
  }

  it('lists the Bitcoin devnet among the supported chains', async () => {
    expect((await get('/v1/supported-chains')).json().http).toContain(BITCOIN)
  })

  it('answers the BTC balance, confirmed and unconfirmed, in one upstream call, cached after', async () => {
    const owner = bitcoinKey('p2wpkh')
    await bitcoin.fund(owner.address, 50_000_000)
    const balance = async (force = false) =>
      get(
        `/v1/account/${owner.address}/balance?currency=usd&chainId=${BITCOIN}${force ? '&forceUpdate=true' : ''}`,
      )
    let response: Awaited<ReturnType<typeof balance>> | undefined
    expect(await upstreamCalls(async () => (response = await balance()))).toEqual([
      `GET /address/${owner.address}`,
    ])
    expect(response?.statusCode).toBe(200)
    expect(response?.json().balances).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: BITCOIN,
        price: 0,
        quantity: { decimals: '8', numeric: '0.5' },
        confirmed: { numeric: '0' },
        unconfirmed: { numeric: '0.5' },
        iconUrl: expect.stringContaining('BTC'),
      },
    ])
    // The 30 s copy answers without the chain; forceUpdate reads it again.
    expect(await upstreamCalls(() => balance())).toEqual([])
    await bitcoin.mine()
    const mined = await balance(true)
    expect(mined.json().balances[0]).toMatchObject({
      quantity: { numeric: '0.5' },
      confirmed: { numeric: '0.5' },
      unconfirmed: { numeric: '0' },
    })
  })

  it("prices BTC from the price API by the coin id 'bitcoin'", async () => {
    const prices = await startFakePriceApi({ prices: { coins: { bitcoin: 65_000 } } })
    const [bitcoinChain] = bitcoinChainsOfDevnet(manifest)
    const priced = await startTestServer('pglite', {
      PRICE_API_URL: prices.url,
      LATCH_CHAINS: JSON.stringify([bitcoinChain]),
    })
    try {
      const owner = bitcoinKey('p2tr')
      await bitcoin.fund(owner.address, 2_000_000)
      const response = await get(
        `/v1/account/${owner.address}/balance?currency=usd&chainId=${BITCOIN}`,
        priced.app,
      )
      expect(response.json().balances[0]).toMatchObject({
        symbol: 'BTC',
        price: 65_000,
        value: 1_300,
        quantity: { numeric: '0.02' },
      })
      expect(prices.requests).toEqual([expect.stringContaining('/simple/price?ids=bitcoin')])
    } finally {
      await priced.close()
      await prices.stop()
    }
  })

  it('refuses an address of another network or family, and a malformed one, with a message', async () => {
    const cases: [string, string, string][] = [
      [
        MAINNET_ADDRESS,
        BITCOIN,
        `This is a Bitcoin mainnet address: Bitcoin regtest addresses start with bcrt1, m, n or 2 (${BITCOIN})`,
      ],
      [
        '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        BITCOIN,
        `Not a valid Bitcoin address: Bitcoin regtest addresses start with bcrt1, m, n or 2 (${BITCOIN})`,
      ],
      [chain.accounts[0]?.payment.address ?? '', EVM, `Expected an EVM address for ${EVM}`],
    ]
    for (const [address, chainId, message] of cases) {
      const response = await get(`/v1/account/${address}/balance?chainId=${chainId}`)
      expect([address, response.statusCode, response.json().message]).toEqual([
        address,
        400,
        message,
      ])
    }
    const malformed = await get(`/v1/account/bcrt1qnotanaddress/balance?chainId=${BITCOIN}`)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toMatch(/^params\.address: Expected an account address/)
  })

  it('answers slow, normal and fast fee rates in sat/vB from the fee estimates', async () => {
    const response = await get(`/v1/convert/gas-price?chainId=${BITCOIN}`)
    expect(response.statusCode).toBe(200)
    // The devnet estimates 10.1, 15.2 and 25.1 sat/vB for 6, 3 and 1 blocks: rounded up.
    expect(response.json()).toEqual({ unit: 'sat/vB', slow: 11, normal: 16, fast: 26 })
  })

  it('answers no name for a Bitcoin address', async () => {
    const response = await get(
      `/v1/identity/${chain.accounts[0]?.payment.address}?chainId=${BITCOIN}`,
    )
    expect(response.json()).toEqual({ name: null, avatar: null })
    const other = await get(`/v1/identity/${MAINNET_ADDRESS}?chainId=${BITCOIN}`)
    expect(other.statusCode).toBe(400)
  })

  it('lists history newest first, a pending payment on top, netted of change, then mined', async () => {
    const sender = bitcoinKey('p2wpkh')
    const receiver = bitcoinKey('p2tr')
    const funding = [await bitcoin.fund(sender.address, 30_000_000)]
    await bitcoin.mine()
    funding.unshift(await bitcoin.fund(sender.address, 20_000_000))
    await bitcoin.mine()
    const paid = await bitcoin.broadcast(
      await bitcoin.payment(sender, receiver.address, 12_345_678n, 2_000n),
    )
    const history = async (address: string) =>
      (await get(`/v1/account/${address}/history?chainId=${BITCOIN}`)).json() as {
        data: Entry[]
        next: string | null
      }
    const pending = await history(sender.address)
    expect(
      pending.data.map((entry) => [
        entry.metadata.hash,
        entry.metadata.status,
        entry.metadata.operationType,
        entry.transfers.map((transfer) => [transfer.direction, transfer.quantity.numeric]),
      ]),
    ).toEqual([
      // Out: the payment and its fee; the change back is netted out.
      [paid, 'pending', 'send', [['out', '0.12347678']]],
      [funding[0], 'confirmed', 'receive', [['in', '0.2']]],
      [funding[1], 'confirmed', 'receive', [['in', '0.3']]],
    ])
    expect(pending.data[0]?.metadata).toMatchObject({
      sentFrom: sender.address,
      sentTo: receiver.address,
      chain: BITCOIN,
    })
    expect(pending.next).toBeNull()

    await bitcoin.mine()
    const mined = await history(receiver.address)
    expect(mined.data).toHaveLength(1)
    expect(mined.data[0]?.metadata).toMatchObject({
      hash: paid,
      status: 'confirmed',
      operationType: 'receive',
      sentFrom: sender.address,
      sentTo: receiver.address,
    })
    expect(mined.data[0]?.transfers).toMatchObject([
      { direction: 'in', quantity: { numeric: '0.12345678' }, fungible_info: { symbol: 'BTC' } },
    ])
    // Nothing new since: one upstream call (the mempool and the newest page) and no paging.
    expect(await upstreamCalls(() => history(receiver.address))).toEqual([
      `GET /address/${receiver.address}/txs`,
    ])
  })

  it('pages a long history with the cursor it gives, and refuses a cursor it did not give', async () => {
    const owner = bitcoinKey('p2wpkh')
    const txids: string[] = []
    for (let index = 0; index < 55; index++)
      txids.push(await bitcoin.fund(owner.address, 10_000 + index))
    await bitcoin.mine()
    const first = (await get(`/v1/account/${owner.address}/history?chainId=${BITCOIN}`)).json()
    expect(first.data).toHaveLength(50)
    expect(first.next).toEqual(expect.any(String))
    const second = (
      await get(`/v1/account/${owner.address}/history?chainId=${BITCOIN}&cursor=${first.next}`)
    ).json()
    expect(second.data).toHaveLength(5)
    expect(second.next).toBeNull()
    const seen = [...first.data, ...second.data].map((entry: Entry) => entry.metadata.hash)
    expect(new Set(seen)).toEqual(new Set(txids))
    const bad = await get(`/v1/account/${owner.address}/history?chainId=${BITCOIN}&cursor=abc`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('querystring.cursor: cursor is not one this server gave out')
  })

  it('serves Esplora through the gateway: reads, a broadcast, and refusals in plain words', async () => {
    const owner = bitcoinKey('p2wpkh')
    await bitcoin.fund(owner.address, 1_000_000)
    await bitcoin.mine()
    const utxos = await get(`/v1/esplora/address/${owner.address}/utxo?chainId=${BITCOIN}`)
    expect(utxos.statusCode).toBe(200)
    expect(utxos.json()).toEqual(await bitcoin.utxos(owner.address))
    const tip = await get(`/v1/esplora/blocks/tip/height?chainId=${BITCOIN}`)
    expect(tip.headers['content-type']).toMatch(/^text\/plain/)
    expect(Number(tip.body)).toBeGreaterThan(110)

    const broadcast = (rawHex: string) =>
      server.app.inject({
        method: 'POST',
        url: `/v1/esplora/tx?chainId=${BITCOIN}&${QUERY}`,
        headers: { origin: DEMO_ORIGIN, 'content-type': 'text/plain' },
        payload: rawHex,
      })
    const dust = await broadcast(await bitcoin.payment(owner, bitcoinKey('p2wpkh').address, 200n))
    expect(dust.statusCode).toBe(400)
    expect(dust.json().message).toBe(
      'The Bitcoin node refused the transaction: an output is below the dust limit (dust)',
    )
    const zeroFee = await broadcast(
      await bitcoin.payment(owner, bitcoinKey('p2wpkh').address, 999_000n, 0n),
    )
    expect(zeroFee.json().message).toMatch(
      /^The Bitcoin node refused the transaction: the fee is below the minimum relay fee of 1 sat\/vB \(min relay fee not met, 0 < \d+\)$/,
    )
    const good = await bitcoin.payment(owner, bitcoinKey('p2tr').address, 500_000n, 1_000n)
    // Another payment of the same coin, signed before the first is sent: a double spend.
    const conflicting = await bitcoin.payment(owner, bitcoinKey('p2tr').address, 400_000n, 1_000n)
    const sent = await broadcast(good)
    expect(sent.statusCode).toBe(200)
    expect(sent.body).toMatch(/^[0-9a-f]{64}$/)
    const status = await get(`/v1/esplora/tx/${sent.body}/status?chainId=${BITCOIN}`)
    expect(status.json()).toEqual({ confirmed: false })
    const again = await broadcast(conflicting)
    // The same fee for the same coin does not pay to replace the first (full RBF): its rate is
    // no higher, or (a signature a byte shorter) it adds no fee to relay itself with.
    expect(again.json().message).toMatch(
      /^The Bitcoin node refused the transaction: its fee is too low to replace the waiting transaction it conflicts with \(insufficient fee, rejecting replacement [0-9a-f]{64}[;,] .+\)$/,
    )

    const refusals: [string, number, string][] = [
      [`/v1/esplora/address/${MAINNET_ADDRESS}/utxo`, 400, 'This is a Bitcoin mainnet address'],
      ['/v1/esplora/tx/1234', 400, 'Expected a txid or block hash'],
      ['/v1/esplora/mempool', 404, 'No Esplora path /mempool on this gateway'],
      [`/v1/esplora/tx/${'ab'.repeat(32)}`, 404, 'Transaction not found'],
    ]
    for (const [path, status, message] of refusals) {
      const response = await get(`${path}?chainId=${BITCOIN}`)
      expect([path, response.statusCode, response.json().message]).toEqual([
        path,
        status,
        expect.stringContaining(message),
      ])
    }
    const notBitcoin = await get(`/v1/esplora/blocks/tip/height?chainId=${EVM}`)
    expect(notBitcoin.statusCode).toBe(400)
    const garbage = await broadcast('00ff')
    expect(garbage.json().message).toBe('The body is hex but not a Bitcoin transaction')
  })

  it('resumes history after a restart on the same database: nothing missed, nothing twice', async () => {
    const [bitcoinChain] = bitcoinChainsOfDevnet(manifest)
    const env = { LATCH_CHAINS: JSON.stringify([...chainsOfDevnet(manifest), bitcoinChain]) }
    const first = await startTestServer('postgres', env)
    const owner = bitcoinKey('p2tr')
    const older = await bitcoin.fund(owner.address, 70_000)
    await bitcoin.mine()
    const hashes = async (instance: TestServer) =>
      (await get(`/v1/account/${owner.address}/history`, instance.app))
        .json()
        .data.map((entry: Entry) => entry.metadata.hash)
    expect(await hashes(first)).toEqual([older])
    await first.close()
    const newer = await bitcoin.fund(owner.address, 80_000)
    await bitcoin.mine()
    const second = await startTestServer('postgres', env, first.config.database)
    try {
      expect(await hashes(second)).toEqual([newer, older])
      const rows = await second.db.query<{ count: string }>(
        'select count(*)::text as count from bitcoin_address_transactions where address = $1',
        [owner.address],
      )
      expect(rows[0]?.count).toBe('2')
    } finally {
      await second.close()
    }
  })
})
