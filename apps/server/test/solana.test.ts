import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet, solanaChainsOfDevnet } from '../src/config.ts'
import { type CountingUpstream, startCountingUpstream } from './accountFixtures.ts'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'
import { solanaDevnet } from './solanaTx.ts'

const manifest = inject('devnet')
const chain = manifest.solana as NonNullable<typeof manifest.solana>
const SOLANA = chain.caipNetworkId
const EVM = `eip155:${manifest.chains[0]?.chainId}`
const QUERY = 'projectId=latch-dev&st=latch&sv=0.1.0'

describe('Solana on the server', () => {
  let server: TestServer
  let proxy: CountingUpstream
  const solana = solanaDevnet(chain)

  beforeAll(async () => {
    proxy = await startCountingUpstream(chain.rpcUrl)
    const [solanaChain] = solanaChainsOfDevnet(manifest)
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify([
        ...chainsOfDevnet(manifest),
        { ...solanaChain, rpcUrls: [proxy.url] },
      ]),
    })
  })
  afterAll(async () => {
    await server?.close()
    await proxy?.close()
  })

  const get = (path: string) =>
    server.app.inject({
      method: 'GET',
      url: `${path}${path.includes('?') ? '&' : '?'}${QUERY}`,
      headers: { origin: DEMO_ORIGIN },
    })

  it('lists the Solana devnet among the supported chains', async () => {
    expect((await get('/v1/supported-chains')).json().http).toContain(SOLANA)
  })

  it('answers SOL and USDC balances in the EVM shape, in one upstream call, cached after', async () => {
    const owner = await solana.fresh()
    const funder = await solana.account(0)
    await solana.sendSol(funder, owner.address, 2_500_000_000n)
    await solana.sendUsdc(funder, owner.address, 12_340_000n)

    const before = proxy.requests.length
    const response = await get(
      `/v1/account/${owner.address}/balance?currency=usd&chainId=${SOLANA}`,
    )
    expect(response.statusCode).toBe(200)
    expect(proxy.requests.length - before).toBe(1)
    expect(response.json().balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: SOLANA,
        price: 0,
        quantity: { decimals: '9', numeric: '2.5' },
        iconUrl: expect.stringContaining('SOL'),
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: SOLANA,
        address: `${SOLANA}:${solana.mint}`,
        price: 1,
        value: 12.34,
        quantity: { decimals: '6', numeric: '12.34' },
        iconUrl: expect.stringContaining('USDC'),
      },
    ])

    // One HTTP request holding the batch: lamports and both token programs' accounts.
    expect(proxy.requests.at(-1)).toEqual([
      'getBalance',
      'getTokenAccountsByOwner',
      'getTokenAccountsByOwner',
    ])
    // Cached: no upstream call; forceUpdate reads the chain again, and a CAIP-10 path works too.
    await get(`/v1/account/${owner.address}/balance?currency=usd&chainId=${SOLANA}`)
    expect(proxy.requests.length - before).toBe(1)
    const forced = await get(
      `/v1/account/${SOLANA}:${owner.address}/balance?currency=usd&chainId=${SOLANA}&forceUpdate=true`,
    )
    expect(forced.json().balances).toHaveLength(2)
    expect(proxy.requests.length - before).toBe(2)
  })

  it('refuses an address of the other family with a message naming it', async () => {
    const evm = manifest.accounts[0]?.address as string
    const wrong = await get(`/v1/account/${evm}/balance?currency=usd&chainId=${SOLANA}`)
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      400,
      `Expected a Solana address for ${SOLANA}`,
    ])
    const other = await get(
      `/v1/account/${chain.accounts[0]?.address}/balance?currency=usd&chainId=${EVM}`,
    )
    expect([other.statusCode, other.json().message]).toEqual([
      400,
      `Expected an EVM address for ${EVM}`,
    ])
    const bad = await get(`/v1/account/not-an-address/balance?currency=usd&chainId=${SOLANA}`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/Expected an account address/)
  })

  it('lists SOL and USDC transfers newest first, from both sides, and pages with a cursor', async () => {
    const sender = await solana.fresh()
    const receiver = await solana.fresh()
    const funder = await solana.account(1)
    await solana.sendSol(funder, sender.address, 3_000_000_000n)
    await solana.sendUsdc(funder, sender.address, 50_000_000n)
    const solSent = await solana.sendSol(sender, receiver.address, 1_250_000_000n)
    const usdcSent = await solana.sendUsdc(sender, receiver.address, 7_500_000n)

    const sent = (await get(`/v1/account/${sender.address}/history?chainId=${SOLANA}`)).json()
    expect(
      sent.data.map((entry: { metadata: { hash: string } }) => entry.metadata.hash).slice(0, 2),
    ).toEqual([usdcSent, solSent])
    expect(sent.data[0]).toMatchObject({
      id: `${SOLANA}:${usdcSent}`,
      metadata: {
        operationType: 'send',
        chain: SOLANA,
        sentFrom: sender.address,
        sentTo: receiver.address,
        status: 'confirmed',
      },
      transfers: [
        { direction: 'out', quantity: { numeric: '7.5' }, fungible_info: { symbol: 'USDC' } },
      ],
    })
    expect(sent.data[1].transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '1.25' } }),
    ])
    expect(sent.data).toHaveLength(4)
    expect(sent.next).toBeNull()

    const received = (await get(`/v1/account/${receiver.address}/history`)).json()
    expect(
      received.data.map(
        (entry: { metadata: { operationType: string } }) => entry.metadata.operationType,
      ),
    ).toEqual(['receive', 'receive'])
    expect(received.data[0].metadata).toMatchObject({
      sentFrom: sender.address,
      sentTo: receiver.address,
    })

    // A later transaction is found by the next request, from the newest stored one on.
    const again = await solana.sendSol(sender, receiver.address, 1_000_000n)
    const later = (await get(`/v1/account/${receiver.address}/history`)).json()
    expect(later.data.map((entry: { metadata: { hash: string } }) => entry.metadata.hash)).toEqual([
      again,
      usdcSent,
      solSent,
    ])
  })

  it('pages a long history with the cursor it gives, and refuses a cursor it did not give', async () => {
    const busy = await solana.fresh()
    const funder = await solana.account(2)
    for (let index = 0; index < 52; index++)
      await solana.sendSol(funder, busy.address, 1_000_000n + BigInt(index))
    const first = (await get(`/v1/account/${busy.address}/history?chainId=${SOLANA}`)).json()
    expect(first.data).toHaveLength(50)
    expect(first.next).toEqual(expect.any(String))
    const second = (
      await get(`/v1/account/${busy.address}/history?chainId=${SOLANA}&cursor=${first.next}`)
    ).json()
    expect(second.data).toHaveLength(2)
    expect(second.next).toBeNull()
    // The oldest transfer comes last.
    expect(second.data.at(-1).transfers[0].quantity.numeric).toBe('0.001')
    const forged = await get(
      `/v1/account/${busy.address}/history?cursor=${first.next.slice(0, -4)}AAAA`,
    )
    expect(forged.statusCode).toBe(400)
  })

  it('answers no name for a Solana address', async () => {
    const address = chain.accounts[0]?.address
    // The kit names the connected account as `sender`, of whichever family it is.
    const response = await get(`/v1/identity/${address}?sender=${address}`)
    expect(response.json()).toEqual({ name: null, avatar: null })
    expect(response.statusCode).toBe(200)
  })

  it('serves Solana JSON-RPC through the gateway, refusing what is off its allowlist', async () => {
    const rpc = (method: string, params: unknown[] = []) =>
      server.app.inject({
        method: 'POST',
        url: `/v1?chainId=${SOLANA}&${QUERY}`,
        headers: { origin: DEMO_ORIGIN },
        payload: { jsonrpc: '2.0', id: 7, method, params },
      })
    const balance = (await rpc('getBalance', [chain.accounts[3]?.address])).json()
    expect(balance.result.value).toBeGreaterThan(0)
    const airdrop = (await rpc('requestAirdrop', [chain.accounts[3]?.address, 1])).json()
    expect(airdrop.error).toEqual({
      code: -32601,
      message: 'Method requestAirdrop is not allowed on the gateway',
    })
  })

  it('resumes after a restart on the same database: nothing missed, nothing twice', async () => {
    const first = await startTestServer('postgres')
    const account = await solana.fresh()
    const funder = await solana.account(3)
    const older = await solana.sendSol(funder, account.address, 10_000_000n)
    const hashes = async (instance: TestServer) =>
      (
        await instance.app.inject({
          method: 'GET',
          url: `/v1/account/${account.address}/history?${QUERY}`,
          headers: { origin: DEMO_ORIGIN },
        })
      )
        .json()
        .data.map((entry: { metadata: { hash: string } }) => entry.metadata.hash)
    expect(await hashes(first)).toEqual([older])
    await first.close()
    const newer = await solana.sendSol(funder, account.address, 20_000_000n)
    const second = await startTestServer('postgres', {}, first.config.database)
    try {
      expect(await hashes(second)).toEqual([newer, older])
      const rows = await second.db.query<{ count: string }>(
        'select count(*)::text as count from solana_address_transactions where address = $1',
        [account.address],
      )
      expect(rows[0]?.count).toBe('2')
    } finally {
      await second.close()
    }
  })
})
