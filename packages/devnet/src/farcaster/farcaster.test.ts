import { createPublicClient, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_FARCASTER_APP_KEY, ID_REGISTRY_ADDRESS, OPTIMISM_CHAIN_ID } from './constants.ts'
import { type FarcasterDevnet, startFarcasterDevnet } from './index.ts'
import { startFarcasterRelay } from './relay.ts'

const idRegistryAbi = parseAbi([
  'function idOf(address) view returns (uint256)',
  'function custodyOf(uint256) view returns (address)',
  'function register(address recovery) returns (uint256)',
])

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('the Farcaster devnet', () => {
  let devnet: FarcasterDevnet
  beforeAll(async () => {
    devnet = await startFarcasterDevnet({ host: '127.0.0.1', relayPort: 0, optimismPort: 0 })
  })
  afterAll(async () => {
    await devnet?.stop()
  })
  const client = () => createPublicClient({ transport: http(devnet.manifest.optimism.rpcUrl) })

  it('runs chain 10 with every account owning its fid in the ID Registry at its canonical address', async () => {
    expect(await client().getChainId()).toBe(OPTIMISM_CHAIN_ID)
    expect(devnet.manifest.optimism.idRegistry).toBe(ID_REGISTRY_ADDRESS)
    for (const account of devnet.manifest.accounts) {
      const fid = await client().readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: idRegistryAbi,
        functionName: 'idOf',
        args: [account.custody],
      })
      expect(fid).toBe(BigInt(account.fid))
      expect(
        await client().readContract({
          address: ID_REGISTRY_ADDRESS,
          abi: idRegistryAbi,
          functionName: 'custodyOf',
          args: [fid],
        }),
      ).toBe(account.custody)
      expect(await client().getBalance({ address: account.signer.address })).toBeGreaterThan(0n)
      expect(account.pfpUrl).toMatch(/^data:image\/png;base64,/)
    }
    // An address with no fid reads 0, as on OP Mainnet.
    const stranger = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    expect(
      await client().readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: idRegistryAbi,
        functionName: 'idOf',
        args: [stranger],
      }),
    ).toBe(0n)
  })

  it('a contract custody answers ERC-1271 for its owner key and no other', async () => {
    const smart = devnet.manifest.accounts.find((account) => account.custodyType === 'contract')
    if (!smart) throw new Error('no contract custody')
    const owner = privateKeyToAccount(smart.signer.privateKey as `0x${string}`)
    const message = 'hello from the contract custody'
    const signature = await owner.signMessage({ message })
    expect(await client().verifyMessage({ address: smart.custody, message, signature })).toBe(true)
    const other = privateKeyToAccount(`0x${'43'.repeat(32)}`)
    const forged = await other.signMessage({ message })
    expect(
      await client().verifyMessage({ address: smart.custody, message, signature: forged }),
    ).toBe(false)
  })

  it('relays a channel: pending, then completed by the app with its key, with the profile', async () => {
    const relay = devnet.manifest.relayUrl
    const created = await fetch(
      `${relay}/v1/channel`,
      json({ siweUri: 'http://127.0.0.1:8788', domain: '127.0.0.1:8788', nonce: 'abcdef123456' }),
    )
    expect(created.status).toBe(201)
    const { channelToken, url, nonce } = (await created.json()) as Record<string, string>
    expect(url).toBe(`https://warpcast.com/~/siwf?channelToken=${channelToken}`)
    expect(nonce).toBe('abcdef123456')
    const status = () =>
      fetch(`${relay}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
    const pending = await status()
    expect(pending.status).toBe(202)
    expect(await pending.json()).toMatchObject({
      state: 'pending',
      signatureParams: { domain: '127.0.0.1:8788', nonce: 'abcdef123456' },
    })

    const body = { message: 'signed text', signature: '0x12', fid: 1001, username: 'alice' }
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${channelToken}` }
    const noKey = await fetch(`${relay}/v1/channel/authenticate`, { ...json(body), headers })
    expect(noKey.status).toBe(401)
    const authenticated = await fetch(`${relay}/v1/channel/authenticate`, {
      ...json(body),
      headers: { ...headers, 'x-farcaster-auth-relay-key': DEVNET_FARCASTER_APP_KEY },
    })
    expect(authenticated.status).toBe(201)
    const done = await status()
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ state: 'completed', fid: 1001, username: 'alice' })
    // Once done, the channel cannot be authenticated again.
    const again = await fetch(`${relay}/v1/channel/authenticate`, {
      ...json(body),
      headers: { ...headers, 'x-farcaster-auth-relay-key': DEVNET_FARCASTER_APP_KEY },
    })
    expect(again.status).toBe(409)
  })

  it('refuses a channel without its domain, and an unknown token', async () => {
    const relay = devnet.manifest.relayUrl
    const bad = await fetch(`${relay}/v1/channel`, json({ siweUri: 'http://x.test' }))
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'domain is required' })
    const unknown = await fetch(`${relay}/v1/channel/status`, {
      headers: { authorization: `Bearer ${'0'.repeat(32)}` },
    })
    expect(unknown.status).toBe(401)
  })
})

describe('the Farcaster relay', () => {
  it('ends a declined channel, and forgets a channel once it expired', async () => {
    let clock = 1_000_000
    const relay = await startFarcasterRelay({
      appKeys: ['key'],
      channelTtlMs: 60_000,
      now: () => clock,
    })
    try {
      const create = async () =>
        (
          (await (
            await fetch(
              `${relay.url}/v1/channel`,
              json({ siweUri: 'http://a.test', domain: 'a.test' }),
            )
          ).json()) as { channelToken: string }
        ).channelToken
      const status = (token: string) =>
        fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } })

      const declined = await create()
      const decline = await fetch(`${relay.url}/v1/channel/decline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${declined}`, 'x-farcaster-auth-relay-key': 'key' },
      })
      expect(decline.status).toBe(201)
      const answer = await status(declined)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ state: 'declined' })

      const expiring = await create()
      clock += 59_999
      expect((await status(expiring)).status).toBe(202)
      clock += 1
      expect((await status(expiring)).status).toBe(401)
    } finally {
      await relay.stop()
    }
  })
})
