import diagnostics from 'node:diagnostics_channel'
import { request } from 'node:http'
import type { Socket } from 'node:net'
import { type Relay, startRelay } from '@latch/devnet'
import type { SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestDapp, type TestDapp } from './dapp.fixture.ts'
import {
  closeOfflineSignClient,
  createOfflineSignClient,
  type OfflineSignClient,
} from './signClient.ts'
import { pollUntil } from './wait.ts'

// A wallet written straight against sign-client, so these tests exercise the relay and nothing
// of createWcTestWallet.
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
type Proposal = SignClientTypes.EventArguments['session_proposal']
type SessionRequest = SignClientTypes.EventArguments['session_request']

let relay: Relay
let dapp: TestDapp
let wallet: OfflineSignClient
let proposals: Proposal[]
let sessionRequests: SessionRequest[]

/** Every host a socket of this worker looked up or connected to. */
const contacted = new Set<string>()
const onSocket = ({ socket }: { socket: Socket }) => {
  socket.once('lookup', (_error, _address, _family, host: string) => contacted.add(host))
  socket.once('connect', () => contacted.add(socket.remoteAddress ?? '?'))
}

beforeAll(() => diagnostics.subscribe('net.client.socket', onSocket as (message: unknown) => void))
afterAll(() => diagnostics.unsubscribe('net.client.socket', onSocket as (message: unknown) => void))

beforeEach(async () => {
  relay = await startRelay({ port: 0 })
  dapp = await createTestDapp(relay.url)
  wallet = await createOfflineSignClient({
    relayUrl: relay.url,
    projectId: 'latch-test',
    metadata: { name: 'Bare Wallet', description: '', url: 'http://localhost', icons: [] },
  })
  proposals = []
  sessionRequests = []
  wallet.on('session_proposal', (proposal) => proposals.push(proposal))
  wallet.on('session_request', (event) => sessionRequests.push(event))
})

afterEach(async () => {
  await Promise.all([dapp.close(), closeOfflineSignClient(wallet)])
  await relay.stop()
})

async function pairAndSettle() {
  const { uri, approval } = await dapp.connect(['eip155:31337'])
  if (!uri) throw new Error('connect() gave no uri')
  await wallet.pair({ uri })
  const proposal = await pollUntil(() => proposals[0], 'the proposal', 10_000)
  const namespaces = buildApprovedNamespaces({
    proposal: proposal.params,
    supportedNamespaces: {
      eip155: {
        chains: ['eip155:31337'],
        methods: ['personal_sign'],
        events: ['accountsChanged', 'chainChanged'],
        accounts: [`eip155:31337:${ACCOUNT}`],
      },
    },
  })
  await wallet.approve({ id: proposal.id, namespaces })
  return approval()
}

const respondTo = (event: SessionRequest, result: unknown) =>
  wallet.respond({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result } })

describe('the devnet relay with @walletconnect/sign-client 2.21.8', () => {
  it('pairs and settles a session from a wc: URI', async () => {
    const session = await pairAndSettle()
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${ACCOUNT}`])
    expect(session.peer.metadata.name).toBe('Bare Wallet')
    await pollUntil(() => wallet.session.get(session.topic).acknowledged, 'settlement', 10_000)
  })

  it('carries a personal_sign request and its answer', async () => {
    const session = await pairAndSettle()
    const pending = dapp.client.request<string>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] },
    })
    const event = await pollUntil(() => sessionRequests[0], 'the request', 10_000)
    expect(event.params.request).toMatchObject({
      method: 'personal_sign',
      params: ['0x68656c6c6f', ACCOUNT],
    })
    await respondTo(event, '0xsigned')
    expect(await pending).toBe('0xsigned')
  })

  it("rejects the dapp's approval() when the wallet rejects the proposal", async () => {
    const { uri, approval } = await dapp.connect(['eip155:31337'])
    await wallet.pair({ uri: uri as string })
    const proposal = await pollUntil(() => proposals[0], 'the proposal', 10_000)
    await wallet.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
    await expect(approval()).rejects.toMatchObject({ code: 5000 })
  })

  it('tells the dapp when the wallet deletes the session', async () => {
    const session = await pairAndSettle()
    await wallet.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    const deleted = await dapp.nextEvent('session_delete')
    expect(deleted.args.topic).toBe(session.topic)
  })

  it('keeps a request for a wallet that was offline and delivers it when it is back', async () => {
    const session = await pairAndSettle()
    await wallet.core.relayer.transportClose()
    // Core emits relayer_publish once the relay has acknowledged a publish.
    const published = new Promise<void>((resolve) =>
      dapp.client.core.relayer.once('relayer_publish', () => resolve()),
    )
    const pending = dapp.client.request<string>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x01', ACCOUNT] },
    })
    await published
    expect(sessionRequests).toEqual([])

    await wallet.core.relayer.transportOpen()
    const event = await pollUntil(() => sessionRequests[0], 'the mailbox delivery', 10_000)
    await respondTo(event, '0xlater')
    expect(await pending).toBe('0xlater')
  })

  it('refuses a connection without a valid auth JWT', async () => {
    const status = (path: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        const upgrade = request(`${relay.url.replace('ws:', 'http:')}${path}`, {
          headers: {
            Connection: 'Upgrade',
            Upgrade: 'websocket',
            'Sec-WebSocket-Version': '13',
            'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
          },
        })
        upgrade.on('response', (response) => resolve(response.statusCode))
        upgrade.on('upgrade', (response, socket) => {
          socket.destroy()
          resolve(response.statusCode)
        })
        upgrade.on('error', reject)
        upgrade.end()
      })
    expect(await status('/?projectId=latch-test')).toBe(401)
    expect(await status('/?projectId=latch-test&auth=e30.e30.e30')).toBe(401)
  })

  it('contacts no host but the relay on loopback, and fetches nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    contacted.clear()
    const session = await pairAndSettle()
    const pending = dapp.client.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x02', ACCOUNT] },
    })
    await respondTo(await pollUntil(() => sessionRequests[0], 'the request', 10_000), '0x')
    await pending
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(
      [...contacted].filter((host) => !['127.0.0.1', '::1', 'localhost'].includes(host)),
    ).toEqual([])
    expect(contacted.size).toBeGreaterThan(0)
    fetchSpy.mockRestore()
  })
})
