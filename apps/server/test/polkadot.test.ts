import '@polkadot/api-augment'
import { encodeSs58, type SignerPayloadJson } from '@latch/protocol'
import { formatSiwpMessage } from '@latch/protocol/siwx-polkadot'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { hexToU8a, stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'

const manifest = inject('devnet')
const chain = manifest.polkadot as NonNullable<typeof manifest.polkadot>
const POLKADOT = chain.caipNetworkId
const QUERY = 'projectId=latch-dev&st=latch&sv=0.1.0'
const account = (name: string) => {
  const found = chain.accounts.find((entry) => entry.name === name)
  if (!found) throw new Error(`no devnet account ${name}`)
  return found
}
// This file sends from Alice and Charlie only: other files' transfers never race it for a nonce.
const alice = account('Alice')
const bob = account('Bob')
const charlie = account('Charlie')

type TransferAnswer = { payload: SignerPayloadJson; fee: string; existentialDeposit: string }

describe('Polkadot on the server', () => {
  let server: TestServer
  let api: ApiPromise
  let keyring: Keyring

  beforeAll(async () => {
    await cryptoWaitReady()
    keyring = new Keyring({ type: 'sr25519', ss58Format: chain.ss58Prefix })
    // The wallet's side: an extension holds the chain's metadata to show and sign payloads.
    api = await ApiPromise.create({ provider: new WsProvider(chain.wsUrl), noInitWarn: true })
    server = await startTestServer('pglite')
  })
  afterAll(async () => {
    await server?.close()
    await api?.disconnect()
  })

  const get = (path: string, app = server.app) =>
    app.inject({
      method: 'GET',
      url: `${path}${path.includes('?') ? '&' : '?'}${QUERY}`,
      headers: { origin: DEMO_ORIGIN },
    })
  const post = (path: string, body: unknown, app = server.app) =>
    app.inject({
      method: 'POST',
      url: `${path}?${QUERY}`,
      headers: { origin: DEMO_ORIGIN },
      payload: body as object,
    })

  /** Signs the payload as polkadot{.js} does in signPayload: the SCALE payload, MultiSignature out. */
  const signPayload = (payload: SignerPayloadJson, suri: string) => {
    const pair = keyring.addFromUri(suri)
    const { signature } = api.registry
      .createType('ExtrinsicPayload', payload, { version: payload.version })
      .sign(pair)
    return signature
  }

  const transfer = async (from: string, to: string, amount: bigint) => {
    const response = await post('/v1/polkadot/transfer', {
      chainId: POLKADOT,
      from,
      to,
      amount: amount.toString(),
    })
    return response
  }

  const waitIncluded = async (hash: string) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const status = (await get(`/v1/polkadot/status/${hash}?chainId=${POLKADOT}`)).json()
      if (status.status === 'included') return status
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`${hash} was not included within 10 s`)
  }

  it('lists the Polkadot devnet among the supported chains', async () => {
    expect((await get('/v1/supported-chains')).json().http).toContain(POLKADOT)
  })

  it('answers the balance with its free, reserved and transferable parts', async () => {
    const response = await get(
      `/v1/account/${alice.address}/balance?currency=usd&chainId=${POLKADOT}&forceUpdate=true`,
    )
    expect(response.statusCode).toBe(200)
    const [entry] = response.json().balances
    expect(entry).toMatchObject({
      symbol: 'ROC',
      chainId: POLKADOT,
      quantity: { decimals: '12' },
      polkadot: { reserved: '0', frozen: '0', existentialDeposit: '0.000003333333' },
    })
    const free = Number(entry.polkadot.free)
    expect(free).toBeGreaterThan(5_000)
    expect(Number(entry.polkadot.transferable)).toBeCloseTo(free - 0.000003333333, 9)
  })

  it('builds a transfer, submits the signature an extension makes, and reads it back included, in history and in the balance', async () => {
    const amount = 2_500_000_000_000n // 2.5 ROC
    const before = BigInt((await api.query.system.account(bob.address)).data.free.toString())
    const built = await transfer(alice.address, bob.address, amount)
    expect(built.statusCode).toBe(200)
    const { payload, fee, existentialDeposit } = built.json() as TransferAnswer
    expect(payload.address).toBe(alice.address)
    expect(payload.genesisHash).toBe(chain.genesisHash)
    expect(BigInt(fee)).toBeGreaterThan(0n)
    expect(existentialDeposit).toBe('3333333')
    // The call the wallet shows: balances.transferKeepAlive(Bob, 2.5 ROC).
    const call = api.createType('Call', payload.method)
    expect(`${call.section}.${call.method}`).toBe('balances.transferKeepAlive')

    const submitted = await post('/v1/polkadot/submit', {
      chainId: POLKADOT,
      payload,
      signature: signPayload(payload, alice.suri),
    })
    expect(submitted.statusCode).toBe(200)
    const { hash } = submitted.json()
    const status = await waitIncluded(hash)
    expect(status).toMatchObject({ status: 'included', success: true })

    const after = BigInt((await api.query.system.account(bob.address)).data.free.toString())
    expect(after - before).toBe(amount)
    const history = (await get(`/v1/account/${bob.address}/history?chainId=${POLKADOT}`)).json()
    const entry = history.data.find(
      (item: { metadata: { hash: string } }) => item.metadata.hash === hash,
    )
    expect(entry).toMatchObject({
      metadata: {
        operationType: 'receive',
        sentFrom: alice.address,
        sentTo: bob.address,
        status: 'confirmed',
        chain: POLKADOT,
      },
      transfers: [{ direction: 'in', quantity: { numeric: '2.5' } }],
    })
    const sent = (await get(`/v1/account/${alice.address}/history?chainId=${POLKADOT}`)).json()
    expect(
      sent.data.find((item: { metadata: { hash: string } }) => item.metadata.hash === hash),
    ).toMatchObject({ metadata: { operationType: 'send' }, transfers: [{ direction: 'out' }] })
    const balance = (
      await get(`/v1/account/${bob.address}/balance?chainId=${POLKADOT}&forceUpdate=true`)
    ).json()
    expect(BigInt(Math.round(Number(balance.balances[0].polkadot.free) * 1e12))).toBe(after)
  })

  it('refuses a signature by another key, and a payload that is not a transferKeepAlive', async () => {
    const built = (
      await transfer(alice.address, bob.address, 1_000_000_000n)
    ).json() as TransferAnswer
    const forged = await post('/v1/polkadot/submit', {
      chainId: POLKADOT,
      payload: built.payload,
      signature: signPayload(built.payload, charlie.suri),
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().message).toMatch(/signature does not match/)

    const remark = api.tx.system.remark('0x00').method.toHex()
    const other = { ...built.payload, method: remark }
    const refused = await post('/v1/polkadot/submit', {
      chainId: POLKADOT,
      payload: other,
      signature: signPayload(other, alice.suri),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('payload.method must be a balances.transferKeepAlive')
  })

  it('refuses an address of another network, a checksum typo, below the existential deposit and over the transferable balance', async () => {
    const polkadotForm = encodeSs58(hexToU8a(bob.publicKey), 0)
    const wrongPrefix = await transfer(alice.address, polkadotForm, 1_000_000_000n)
    expect(wrongPrefix.statusCode).toBe(400)
    expect(wrongPrefix.json().message).toBe(
      'to: This address is for another network (Polkadot (prefix 0)); this network takes generic Substrate (prefix 42) addresses',
    )
    const last = bob.address.at(-1) === 'a' ? 'b' : 'a'
    const typo = await transfer(alice.address, `${bob.address.slice(0, -1)}${last}`, 1n)
    expect(typo.statusCode).toBe(400)
    expect(typo.json().message).toMatch(/checksum/)

    // An empty account is created only with at least the existential deposit.
    const empty = keyring.addFromUri('//LatchEmptyReceiver').address
    const dust = await transfer(alice.address, empty, 1_000n)
    expect(dust.statusCode).toBe(400)
    expect(dust.json().message).toBe(
      'The receiving account is empty: send at least the existential deposit, 0.000003333333 ROC',
    )

    const held = (await api.query.system.account(charlie.address)).data.free.toBigInt()
    const tooMuch = await transfer(charlie.address, bob.address, held + 1n)
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().message).toMatch(
      /^Amount plus the network fee \(.* ROC\) is more than your transferable balance \(.* ROC\)$/,
    )
    // All but 2,000,000 planck with the fee: less than the existential deposit would stay behind.
    const half = (await transfer(charlie.address, bob.address, held / 2n)).json() as TransferAnswer
    const all = await transfer(charlie.address, bob.address, held - BigInt(half.fee) - 2_000_000n)
    expect(all.statusCode).toBe(400)
    expect(all.json().message).toMatch(
      /^Your account must keep at least 0\.000003333333 ROC \(the network's existential deposit\): send at most [\d.]+ ROC$/,
    )
  })

  it('resumes indexing after a restart at its stored cursor: no transfer missing, none twice', async () => {
    // PostgreSQL, so the second server opens the first one's data.
    let indexing = await startTestServer('postgres')
    const amount = 1_000_000_000_000n
    const send = async (app: TestServer['app']) => {
      const built = (await transfer(alice.address, bob.address, amount)).json() as TransferAnswer
      const { hash } = (
        await post(
          '/v1/polkadot/submit',
          {
            chainId: POLKADOT,
            payload: built.payload,
            signature: signPayload(built.payload, alice.suri),
          },
          app,
        )
      ).json()
      for (let attempt = 0; attempt < 100; attempt++) {
        const status = (await get(`/v1/polkadot/status/${hash}?chainId=${POLKADOT}`, app)).json()
        if (status.status === 'included') return hash as string
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`${hash} was not included`)
    }
    try {
      const first = await send(indexing.app)
      const database = indexing.config.database
      await indexing.close()
      // A mark only a re-read from the start would undo: the first transfer's row, removed.
      const probe = await startTestServer('postgres', {}, database)
      await probe.db.query('delete from polkadot_transfers where extrinsic_hash = $1', [first])
      await probe.close()
      // A transfer lands while no server runs.
      const missed = await new Promise<string>((resolve, reject) => {
        api.tx.balances
          .transferKeepAlive(bob.address, amount)
          .signAndSend(keyring.addFromUri(alice.suri), (result) => {
            if (result.status.isInBlock) resolve(result.txHash.toHex())
          })
          .catch(reject)
      })
      indexing = await startTestServer('postgres', {}, database)
      const second = await send(indexing.app)
      const rows = await indexing.db.query<{ hash: string; count: string }>(
        `select extrinsic_hash as hash, count(*) as count from polkadot_transfers
         where chain = $1 and extrinsic_hash = any($2) group by extrinsic_hash`,
        [POLKADOT, [first, missed, second]],
      )
      // Resumed past the first (not read again), the missed block and the next each once.
      expect(Object.fromEntries(rows.map((row) => [row.hash, Number(row.count)]))).toEqual({
        [missed]: 1,
        [second]: 1,
      })
      const history = (
        await get(`/v1/account/${bob.address}/history?chainId=${POLKADOT}`, indexing.app)
      ).json()
      const hashes = history.data.map((item: { metadata: { hash: string } }) => item.metadata.hash)
      expect(hashes.indexOf(second)).toBeGreaterThanOrEqual(0)
      expect(hashes.indexOf(second)).toBeLessThan(hashes.indexOf(missed))
    } finally {
      await indexing.close()
    }
  })

  it('signs in with signRaw signatures: sr25519, ed25519 and ecdsa verified, another key refused', async () => {
    const signIn = async (name: string, signer?: string) => {
      const entry = account(name)
      const nonce = (await get('/auth/v1/siwx/nonce')).json().nonce as string
      const message = formatSiwpMessage({
        domain: new URL(DEMO_ORIGIN).host,
        address: entry.address,
        statement: 'Sign in to the Latch demo',
        uri: `${DEMO_ORIGIN}/`,
        version: '1',
        chainId: POLKADOT,
        nonce,
        issuedAt: new Date().toISOString(),
      })
      const by = account(signer ?? name)
      const pair = new Keyring({ type: by.type, ss58Format: chain.ss58Prefix }).addFromUri(by.suri)
      // What an extension's signRaw signs: the bytes wrapped in <Bytes>...</Bytes>.
      const signature = u8aToHex(pair.sign(u8aWrapBytes(stringToU8a(message))))
      return post('/auth/v1/siwx/verify', { message, signature })
    }
    for (const name of ['Dave', 'Alice (ed25519)', 'Alice (ecdsa)']) {
      const response = await signIn(name)
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200)
      expect(response.json().session).toMatchObject({
        address: account(name).address,
        caipNetworkId: POLKADOT,
      })
    }
    const forged = await signIn('Dave', 'Eve')
    expect(forged.statusCode).toBe(401)
    expect(forged.json().message).toBe('Invalid signature')
  })

  it("answers no identity for a Polkadot account, and 400 for another network's address", async () => {
    const named = await get(`/v1/identity/${alice.address}?chainId=${POLKADOT}`)
    expect(named.json()).toEqual({ name: null, avatar: null })
    const other = await get(
      `/v1/identity/${encodeSs58(hexToU8a(alice.publicKey), 0)}?chainId=${POLKADOT}`,
    )
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toMatch(/another network/)
  })
})
