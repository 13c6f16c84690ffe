import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  connectClient,
  generateClientKeys,
  openSocket,
  randomTopic,
  relayUrlWith,
  signAuth,
  type TestClient,
} from './client.fixture.ts'
import { RELAY_LIMITS } from './constants.ts'
import { subscriptionId } from './hub.ts'
import { type Relay, startRelay } from './relay.ts'

let relay: Relay
let clients: TestClient[] = []
const logLines: string[] = []

beforeEach(async () => {
  logLines.length = 0
  relay = await startRelay({ port: 0, log: (line) => logLines.push(line) })
})

afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()))
  clients = []
  await relay.stop()
})

async function client(keys = generateClientKeys()): Promise<TestClient> {
  const connected = await connectClient(relay.url, keys)
  clients.push(connected)
  return connected
}

/** One request/response round trip: everything the relay sent before it has arrived. */
const roundTrip = (c: TestClient) => c.call('irn_batchFetchMessages', { topics: [] })

describe('startRelay', () => {
  it('listens on a free loopback port and says so in its url', () => {
    expect(relay.url).toBe(`ws://127.0.0.1:${relay.port}`)
    expect(relay.port).toBeGreaterThan(0)
  })

  it('refuses an upgrade without a valid auth JWT or projectId, with 401', async () => {
    const keys = generateClientKeys()
    const valid = signAuth(keys)
    const [header, payload] = valid.split('.')
    const forged = `${header}.${payload}.${signAuth(generateClientKeys()).split('.')[2]}`
    const refused = [
      relayUrlWith(relay.url, { projectId: 'p' }),
      relayUrlWith(relay.url, { projectId: 'p', auth: 'not-a-jwt' }),
      relayUrlWith(relay.url, { projectId: 'p', auth: forged }),
      relayUrlWith(relay.url, {
        projectId: 'p',
        auth: signAuth(keys, { expiresInSeconds: -10 }),
      }),
      relayUrlWith(relay.url, { auth: valid }),
      relayUrlWith(relay.url, { projectId: '', auth: valid }),
    ]
    for (const url of refused) await expect(openSocket(url)).rejects.toThrow('HTTP 401')

    const socket = await openSocket(relayUrlWith(relay.url, { projectId: 'p', auth: valid }))
    socket.close()
  })

  it('delivers a publish to every subscriber, never back to the publisher', async () => {
    const [alice, bob, carol] = await Promise.all([client(), client(), client()])
    const topic = randomTopic()
    for (const c of [alice, bob, carol]) {
      const { result } = await c.call('irn_subscribe', { topic })
      expect(result).toBe(subscriptionId(topic, c.keys.did))
      expect(result).toMatch(/^[0-9a-f]{64}$/)
    }

    const before = Date.now()
    expect(
      await alice.call('irn_publish', { topic, message: 'aGVsbG8=', ttl: 300, tag: 1108 }),
    ).toMatchObject({ result: true })

    for (const c of [bob, carol]) {
      const [delivery] = await c.waitForIncoming(1)
      expect(delivery).toMatchObject({
        method: 'irn_subscription',
        params: {
          id: subscriptionId(topic, c.keys.did),
          data: { topic, message: 'aGVsbG8=', tag: 1108 },
        },
      })
      const data = delivery?.params.data as { publishedAt: number } | undefined
      expect(data?.publishedAt).toBeGreaterThanOrEqual(before)
    }
    await roundTrip(alice)
    expect(alice.incoming).toEqual([])
  })

  it('keeps messages for clients that subscribe later, once per client across reconnects', async () => {
    const alice = await client()
    const topic = randomTopic()
    await alice.call('irn_publish', { topic, message: 'first', ttl: 300, tag: 0 })

    const bobKeys = generateClientKeys()
    const bob = await client(bobKeys)
    await bob.call('irn_subscribe', { topic })
    expect((await bob.waitForIncoming(1)).map((m) => m.params.data)).toMatchObject([
      { message: 'first' },
    ])
    await roundTrip(bob) // bob's acknowledgement has reached the relay
    await bob.close()

    await alice.call('irn_publish', { topic, message: 'second', ttl: 300, tag: 0 })
    const bobAgain = await client(bobKeys)
    await bobAgain.call('irn_batchSubscribe', { topics: [topic] })
    await bobAgain.waitForIncoming(1)
    await roundTrip(bobAgain)
    expect(bobAgain.incoming.map((m) => m.params.data)).toMatchObject([{ message: 'second' }])

    const carol = await client()
    await carol.call('irn_subscribe', { topic })
    const forCarol = await carol.waitForIncoming(2)
    expect(forCarol.map((m) => (m.params.data as { message: string }).message)).toEqual([
      'first',
      'second',
    ])
  })

  it('hands out undelivered messages through irn_batchFetchMessages, once', async () => {
    const [alice, bob] = await Promise.all([client(), client()])
    const [one, two] = [randomTopic(), randomTopic()]
    await alice.call('irn_batchPublish', {
      messages: [
        { topic: one, message: 'm1', ttl: 300, tag: 1 },
        { topic: two, message: 'm2', ttl: 300, tag: 2, attestation: 'att' },
      ],
    })
    const { result } = await bob.call('irn_batchFetchMessages', { topics: [one, two] })
    expect(result).toMatchObject({
      hasMore: false,
      messages: [
        { topic: one, message: 'm1', tag: 1 },
        { topic: two, message: 'm2', tag: 2, attestation: 'att' },
      ],
    })
    expect(await bob.call('irn_batchFetchMessages', { topics: [one, two] })).toMatchObject({
      result: { messages: [], hasMore: false },
    })
  })

  it('stops delivering after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const [alice, bob] = await Promise.all([client(), client()])
    const [one, two] = [randomTopic(), randomTopic()]
    await bob.call('irn_batchSubscribe', { topics: [one, two] })
    const id = subscriptionId(one, bob.keys.did)
    expect(await bob.call('irn_unsubscribe', { topic: one, id })).toMatchObject({ result: true })
    expect(
      await bob.call('irn_batchUnsubscribe', { subscriptions: [{ topic: two, id: 'x' }] }),
    ).toMatchObject({ result: true })
    await alice.call('irn_publish', { topic: one, message: 'a', ttl: 300 })
    await alice.call('irn_publish', { topic: two, message: 'b', ttl: 300 })
    await roundTrip(bob)
    expect(bob.incoming).toEqual([])
  })

  it('turns wc_proposeSession and wc_approveSession into the messages sign-client expects', async () => {
    const [dapp, wallet] = await Promise.all([client(), client()])
    const pairingTopic = randomTopic()
    const sessionTopic = randomTopic()

    // The dapp never subscribes to its pairing topic itself: proposing does it.
    expect(
      await dapp.call('wc_proposeSession', {
        pairingTopic,
        sessionProposal: 'proposal',
        ttl: 300,
        tag: 1100,
      }),
    ).toMatchObject({ result: true })
    await wallet.call('irn_subscribe', { topic: pairingTopic })
    const [proposal] = await wallet.waitForIncoming(1)
    expect(proposal?.params.data).toMatchObject({
      topic: pairingTopic,
      message: 'proposal',
      tag: 1100,
    })

    // Nor does the wallet subscribe to the session topic: approving does it.
    await wallet.call('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    const [response] = await dapp.waitForIncoming(1)
    expect(response?.params.data).toMatchObject({
      topic: pairingTopic,
      message: 'response',
      tag: 1101,
    })
    await dapp.call('irn_subscribe', { topic: sessionTopic })
    const [, settle] = await dapp.waitForIncoming(2)
    expect(settle?.params.data).toMatchObject({ topic: sessionTopic, message: 'settle', tag: 1102 })

    await dapp.call('irn_publish', { topic: sessionTopic, message: 'settled', ttl: 300, tag: 1103 })
    const [, settled] = await wallet.waitForIncoming(2)
    expect(settled?.params.data).toMatchObject({ topic: sessionTopic, message: 'settled' })
  })

  it('answers bad frames with JSON-RPC errors and keeps the socket open', async () => {
    const alice = await client()
    expect(await alice.sendRaw('{not json')).toMatchObject({
      id: null,
      error: { code: -32700 },
    })
    expect(await alice.sendRaw('[1,2]')).toMatchObject({ id: null, error: { code: -32600 } })
    expect(await alice.call('irn_teleport', {})).toMatchObject({ error: { code: -32601 } })
    expect(await alice.call('irn_publish', { message: 'x', ttl: 1 })).toMatchObject({
      error: { code: -32602 },
    })
    expect(await alice.call('irn_subscribe', [])).toMatchObject({ error: { code: -32602 } })
    const huge = 'x'.repeat(RELAY_LIMITS.maxMessageBytes + 1)
    expect(
      await alice.call('irn_publish', { topic: randomTopic(), message: huge, ttl: 300 }),
    ).toMatchObject({ error: { code: -32602 } })
    expect(await alice.call('irn_subscribe', { topic: randomTopic() })).toHaveProperty('result')
  })

  it('answers with the request id exactly as sent, even past 2^53', async () => {
    const alice = await client()
    const raw = new Promise<string>((resolve) =>
      alice.socket.once('message', (data) => resolve(data.toString())),
    )
    alice.socket.send(
      '{"id":1732250000000123456,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t"}}',
    )
    expect(await raw).toMatch(
      /^\{"id":1732250000000123456,"jsonrpc":"2.0","result":"[0-9a-f]{64}"\}$/,
    )
  })

  it('logs one line per connect and disconnect', async () => {
    const alice = await client()
    await alice.close()
    await expect.poll(() => logLines.length).toBe(2)
    expect(logLines[0]).toMatch(/connected \(1 open\)/)
    expect(logLines[1]).toMatch(/disconnected \(0 open\)/)
  })
})
