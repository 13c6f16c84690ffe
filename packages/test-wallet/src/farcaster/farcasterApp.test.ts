import type { DevnetFarcaster } from '@latch/protocol'
import { createPublicClient, http } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, inject, it } from 'vitest'
import { devnetFarcasterApp } from './farcasterApp.ts'

const farcaster = inject('devnet').farcaster as DevnetFarcaster

/** Creates a channel as a site's server does, and reads its status. */
async function openChannel(nonce = 'latchnonce123') {
  const response = await fetch(`${farcaster.relayUrl}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siweUri: 'http://127.0.0.1:8788', domain: '127.0.0.1:8788', nonce }),
  })
  const channel = (await response.json()) as { channelToken: string; url: string }
  const status = async () => {
    const answer = await fetch(`${farcaster.relayUrl}/v1/channel/status`, {
      headers: { authorization: `Bearer ${channel.channelToken}` },
    })
    return { code: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  return { ...channel, status }
}

describe('the Farcaster app', () => {
  const client = createPublicClient({ transport: http(farcaster.optimism.rpcUrl) })

  it('signs in to a channel with its custody key: the message the site asked for, on chain 10', async () => {
    const channel = await openChannel()
    const app = devnetFarcasterApp(farcaster, 'alice')
    expect(await app.request(channel.url)).toMatchObject({
      domain: '127.0.0.1:8788',
      nonce: 'latchnonce123',
    })
    await app.approve(channel.url)
    const { code, body } = await channel.status()
    expect(code).toBe(200)
    expect(body).toMatchObject({ state: 'completed', fid: 1001, username: 'alice' })
    const message = parseSiweMessage(body.message as string)
    expect(message).toMatchObject({
      domain: '127.0.0.1:8788',
      uri: 'http://127.0.0.1:8788',
      nonce: 'latchnonce123',
      chainId: 10,
      statement: 'Farcaster Auth',
      address: app.account.custody,
      resources: ['farcaster://fid/1001'],
    })
    expect(
      await client.verifyMessage({
        address: app.account.custody,
        message: body.message as string,
        signature: body.signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  it('signs for a contract custody with its owner key, which the custody accepts (ERC-1271)', async () => {
    const channel = await openChannel()
    const app = devnetFarcasterApp(farcaster, 'dave')
    const { message, signature } = await app.approve(channel.url)
    expect(parseSiweMessage(message).address).toBe(app.account.custody)
    expect(await client.verifyMessage({ address: app.account.custody, message, signature })).toBe(
      true,
    )
  })

  it('declines a channel, which then cannot be approved', async () => {
    const channel = await openChannel()
    const app = devnetFarcasterApp(farcaster, 'bob')
    await app.decline(channel.url)
    expect((await channel.status()).body).toMatchObject({ state: 'declined' })
    await expect(app.approve(channel.url)).rejects.toThrow('the channel is already declined')
  })
})
