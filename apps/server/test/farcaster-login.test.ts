import { randomBytes } from 'node:crypto'
import { startFarcasterRelay } from '@latch/devnet'
import {
  type DevnetFarcaster,
  FARCASTER_DECLINED_MESSAGE,
  FARCASTER_EXPIRED_MESSAGE,
} from '@latch/protocol'
import { devnetFarcasterApp } from '@latch/test-wallet/farcaster'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFarcasterRelayClient } from '../src/embedded/farcaster/relay.ts'
import { optimismClient } from '../src/embedded/farcaster/verifySignIn.ts'
import { newDeviceId, walletCall } from './embeddedFixtures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'

const farcaster = inject('devnet').farcaster as DevnetFarcaster
const account = (username: string) => {
  const found = farcaster.accounts.find((entry) => entry.username === username)
  if (!found) throw new Error(`no devnet Farcaster account ${username}`)
  return found
}
const randomKey = () => `0x${randomBytes(32).toString('hex')}` as const

type Flow = { flowId: string; flowSecret: string; url: string; expiresAt: string }

describe.each(DIALECTS)('log in with Farcaster on %s', (dialect) => {
  let server: TestServer
  let clock = Date.now()
  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, {
      now: () => new Date(clock),
      longPollMs: 300,
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  const start = async (deviceId = newDeviceId()): Promise<Flow> => {
    const response = await walletCall(server, 'farcaster/start', {
      deviceId,
      projectId: 'latch-dev',
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Flow
  }
  const finish = (flow: Flow) =>
    walletCall(server, 'farcaster/finish', { flowId: flow.flowId, flowSecret: flow.flowSecret })
  const sessions = async () =>
    Number(
      (await server.db.query<{ n: string }>('select count(*) as n from wallet_sessions'))[0]?.n,
    )
  /** The finish answer for a refused message: the status, the message, and no session opened. */
  const refused = async (flow: Flow) => {
    const before = await sessions()
    const answer = await finish(flow)
    expect(await sessions()).toBe(before)
    // The refusal is the login's end: asked again, the same answer, still no session.
    const again = await finish(flow)
    expect(again.statusCode).toBe(answer.statusCode)
    expect(again.json().message).toBe(answer.json().message)
    return { status: answer.statusCode, message: answer.json().message as string }
  }

  it('logs in the app that signed: the user keyed by fid, with their Farcaster name and avatar', async () => {
    const flow = await start()
    expect(flow.url).toMatch(/^https:\/\/warpcast\.com\/~\/siwf\?channelToken=[0-9a-f]+$/)
    expect((await finish(flow)).json()).toEqual({ status: 'pending' })

    const app = devnetFarcasterApp(farcaster, 'alice')
    const asked = await app.request(flow.url)
    // The message must be for the wallet's own origin, with a nonce of this server's.
    expect(asked.domain).toBe(new URL(server.frameUrl).host)
    expect(asked.siweUri).toBe(server.frameUrl)
    expect(asked.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    await app.approve(flow.url)

    const finished = await finish(flow)
    expect(finished.statusCode, finished.body).toBe(200)
    const session = finished.json()
    const alice = account('alice')
    expect(session).toMatchObject({
      status: 'connected',
      sessionToken: expect.any(String),
      user: {
        farcaster: {
          fid: 1001,
          username: 'alice',
          displayName: 'Alice Devnet',
          pfpUrl: alice.pfpUrl,
        },
        accounts: [
          { namespace: 'eip155', type: 'smartAccount' },
          { namespace: 'eip155', type: 'eoa' },
          { namespace: 'solana', type: 'eoa' },
        ],
      },
    })
    // The Farcaster custody is who signed in, not the wallet: the user gets a key of their own.
    expect(session.user.address).not.toBe(alice.custody)
    const user = await walletCall(server, 'session/user', {}, { token: session.sessionToken })
    expect(user.json()).toMatchObject({ farcaster: { fid: 1001, username: 'alice' } })
    // Finished once: the nonce cannot open a second session.
    const again = await finish(flow)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe('This Farcaster login is already finished')

    // The next login of the same fid opens the same wallet.
    const next = await start()
    await app.approve(next.url)
    const second = (await finish(next)).json()
    expect(second.user.address).toBe(session.user.address)
  })

  it('logs in an account whose custody is a contract (ERC-1271)', async () => {
    const flow = await start()
    await devnetFarcasterApp(farcaster, 'dave').approve(flow.url)
    const finished = await finish(flow)
    expect(finished.statusCode, finished.body).toBe(200)
    expect(finished.json().user.farcaster).toMatchObject({ fid: 1004, username: 'dave' })
  })

  it('refuses a message for another domain', async () => {
    const flow = await start()
    await devnetFarcasterApp(farcaster, 'bob').approve(flow.url, { domain: 'evil.example' })
    expect(await refused(flow)).toEqual({
      status: 401,
      message: `This sign-in message is for evil.example, not ${new URL(server.frameUrl).host}: it was made for another site`,
    })
  })

  it("refuses a stale nonce: another login's message, replayed", async () => {
    const first = await start()
    const app = devnetFarcasterApp(farcaster, 'bob')
    await app.approve(first.url)
    expect((await finish(first)).statusCode).toBe(200)
    const signed = await (async () => {
      const other = await start()
      return app.approve(other.url)
    })()
    // The same signed message, sent again on a new login: its nonce is the old login's.
    const replay = await start()
    await app.approve(replay.url, { message: signed.message, signature: signed.signature })
    expect(await refused(replay)).toEqual({
      status: 401,
      message: "This sign-in message is stale: its nonce is not this login's. Start again",
    })
  })

  it('refuses a custody address with no fid', async () => {
    const flow = await start()
    const stranger = randomKey()
    await devnetFarcasterApp(farcaster, 'carol').approve(flow.url, {
      custody: privateKeyToAccount(stranger).address,
      signWith: stranger,
    })
    expect(await refused(flow)).toEqual({
      status: 401,
      message: `${privateKeyToAccount(stranger).address} holds no Farcaster ID`,
    })
  })

  it("refuses a signature by another key than the custody's", async () => {
    const flow = await start()
    await devnetFarcasterApp(farcaster, 'carol').approve(flow.url, { signWith: randomKey() })
    expect(await refused(flow)).toEqual({
      status: 401,
      message: `The signature is not by ${account('carol').custody}, the address the message names`,
    })
  })

  it("refuses another account's fid claimed by a custody", async () => {
    const flow = await start()
    await devnetFarcasterApp(farcaster, 'carol').approve(flow.url, { fid: 1001 })
    expect(await refused(flow)).toEqual({
      status: 401,
      message: `${account('carol').custody} is not the custody address of Farcaster ID 1001`,
    })
  })

  it('ends a declined login with its own message', async () => {
    const flow = await start()
    await devnetFarcasterApp(farcaster, 'alice').decline(flow.url)
    expect(await refused(flow)).toEqual({ status: 400, message: FARCASTER_DECLINED_MESSAGE })
  })

  it('ends an expired login, and a cancelled one', async () => {
    const flow = await start()
    clock += 5 * 60_000
    try {
      expect(await refused(flow)).toEqual({ status: 400, message: FARCASTER_EXPIRED_MESSAGE })
    } finally {
      clock = Date.now()
    }
    const cancelled = await start()
    const cancel = await walletCall(server, 'farcaster/cancel', {
      flowId: cancelled.flowId,
      flowSecret: cancelled.flowSecret,
    })
    expect(cancel.json()).toEqual({ ok: true })
    expect(await refused(cancelled)).toEqual({
      status: 400,
      message: 'This Farcaster login was cancelled',
    })
  })

  it('answers a wrong secret as an unknown login', async () => {
    const flow = await start()
    const wrong = await finish({ ...flow, flowSecret: 'x'.repeat(43) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe('Unknown Farcaster login: start again')
  })
})

describe('log in with Farcaster, by its configuration', () => {
  it('ends a login whose channel the relay dropped as expired', async () => {
    let relayClock = Date.now()
    const relay = await startFarcasterRelay({
      appKeys: [farcaster.appKey],
      channelTtlMs: 60_000,
      now: () => relayClock,
    })
    const server = await startTestServer('pglite', {}, undefined, {
      longPollMs: 300,
      farcaster: {
        relay: createFarcasterRelayClient({
          relayUrl: relay.url,
          optimismRpcUrl: farcaster.optimism.rpcUrl,
        }),
        optimism: optimismClient(farcaster.optimism.rpcUrl, 5_000),
      },
    })
    try {
      const started = await walletCall(server, 'farcaster/start', {
        deviceId: newDeviceId(),
        projectId: 'latch-dev',
      })
      const flow = started.json() as Flow
      relayClock += 60_000
      const finished = await walletCall(server, 'farcaster/finish', {
        flowId: flow.flowId,
        flowSecret: flow.flowSecret,
      })
      expect(finished.statusCode).toBe(400)
      expect(finished.json().message).toBe(FARCASTER_EXPIRED_MESSAGE)
    } finally {
      await server.close()
      await relay.stop()
    }
  })

  it('is not offered where no Optimism RPC is configured', async () => {
    // A production server reads no devnet: without LATCH_OPTIMISM_RPC_URL, no Farcaster.
    const server = await startTestServer('pglite', {
      NODE_ENV: 'production',
      ALLOW_LOCALHOST: 'true',
    })
    try {
      const started = await walletCall(server, 'farcaster/start', {
        deviceId: newDeviceId(),
        projectId: 'latch-dev',
      })
      expect(started.statusCode).toBe(400)
      expect(started.json().message).toBe('Log in with Farcaster is not configured on this server')
      const config = await server.app.inject({
        method: 'GET',
        url: '/appkit/v1/config?projectId=latch-dev&st=latch&sv=1',
      })
      expect(JSON.stringify(config.json())).not.toContain('farcaster')
    } finally {
      await server.close()
    }
  })
})
