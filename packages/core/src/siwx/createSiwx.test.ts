import { parseSiweMessage } from '@latch/protocol/siwx'
import { describe, expect, it, vi } from 'vitest'
import { HttpStatusError } from '../api/client.ts'
import { signInMessage } from '../chains/evm/signInMessage.ts'
import { evmAccount } from '../chains/testAccount.ts'
import { UserRejectedError } from '../errors.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createSiwx, type SiwxOptions } from './createSiwx.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const session = {
  address,
  chainId: 31337,
  caipNetworkId: 'eip155:31337',
  projectId: 'latch-dev',
  domain: 'shop.example',
  uri: 'https://shop.example',
  issuedAt: '2026-11-22T12:00:00.000Z',
  expiresAt: '2026-11-29T12:00:00.000Z',
}

function setup(
  options: SiwxOptions | 'off' = { required: true, statement: 'Sign in to the shop' },
  overrides: { nonce?: () => Promise<unknown>; verify?: () => Promise<unknown> } = {},
) {
  const post = vi.fn(async (path: string, _body: object) => {
    if (path === '/auth/v1/siwx/verify')
      return overrides.verify ? overrides.verify() : { token: 'secret-token', session }
    return {}
  })
  const get = vi.fn(async () => (overrides.nonce ? overrides.nonce() : { nonce: 'n0nce12345678' }))
  let chainId = 31337
  const deps = {
    api: { get, post } as never,
    storage: createStorage({ storage: createMemoryStorage() }),
    snackbar: { showLoading: vi.fn(), showError: vi.fn(), hide: vi.fn() },
    events: { emit: vi.fn() },
    alerts: { raise: vi.fn() },
    signMessage: vi.fn(async (_message: string) => `0x${'ab'.repeat(65)}`),
    disconnect: vi.fn(async () => {}),
    onSignedIn: vi.fn(),
    onStartFailed: vi.fn(),
  }
  const siwx = createSiwx({
    ...deps,
    options: options === 'off' ? undefined : options,
    activeAccount: () => evmAccount(address, chainId),
    signInMessage: async (fields: Parameters<typeof signInMessage>[0]) => signInMessage(fields),
    now: () => new Date('2026-11-22T12:00:00.000Z'),
    origin: () => ({ host: 'shop.example', origin: 'https://shop.example' }),
  })
  return { siwx, ...deps, post, get, switchChain: (id: number) => (chainId = id) }
}

const tracked = (emit: ReturnType<typeof vi.fn>) =>
  emit.mock.calls.map(([event]) => (event as { event: string }).event)

describe('createSiwx', () => {
  it('signs an EIP-4361 message with the server nonce, keeps the session it verified', async () => {
    const { siwx, signMessage, post, events, onSignedIn, snackbar } = setup()
    expect(siwx.hasSession()).toBe(false)
    await siwx.signIn()
    expect(snackbar.showLoading).toHaveBeenCalledWith('Authenticating...')
    const text = signMessage.mock.calls[0]?.[0] ?? ''
    expect(parseSiweMessage(text)).toEqual({
      domain: 'shop.example',
      address,
      statement: 'Sign in to the shop',
      uri: 'https://shop.example',
      version: '1',
      chainId: 31337,
      nonce: 'n0nce12345678',
      issuedAt: '2026-11-22T12:00:00.000Z',
    })
    expect(post).toHaveBeenCalledWith('/auth/v1/siwx/verify', {
      message: text,
      signature: `0x${'ab'.repeat(65)}`,
    })
    expect(siwx.hasSession()).toBe(true)
    expect(onSignedIn).toHaveBeenCalled()
    expect(tracked(events.emit)).toEqual(['SIWX_AUTH_SUCCESS'])
    expect(events.emit).toHaveBeenCalledWith({
      type: 'track',
      event: 'SIWX_AUTH_SUCCESS',
      properties: { chain: 'eip155:31337' },
    })
  })

  it('a session covers its own account and chain only', async () => {
    const { siwx, switchChain } = setup()
    await siwx.signIn()
    switchChain(31338)
    expect(siwx.hasSession()).toBe(false)
  })

  it('a declined signature says so and keeps no session', async () => {
    const { siwx, signMessage, snackbar, events } = setup()
    signMessage.mockRejectedValueOnce(new UserRejectedError('User rejected the request'))
    await expect(siwx.signIn()).rejects.toThrow(UserRejectedError)
    expect(snackbar.showError).toHaveBeenCalledWith('Signature declined')
    expect(siwx.hasSession()).toBe(false)
    expect(tracked(events.emit)).toEqual(['SIWX_AUTH_ERROR'])
    expect(events.emit).toHaveBeenCalledWith({
      type: 'track',
      event: 'SIWX_AUTH_ERROR',
      properties: { chain: 'eip155:31337', message: 'Signature declined' },
    })
  })

  it('a failure to start disconnects and goes back to Connect', async () => {
    const { siwx, snackbar, disconnect, onStartFailed, events } = setup(undefined, {
      nonce: async () => {
        throw new HttpStatusError(503, 'down')
      },
    })
    await expect(siwx.signIn()).rejects.toThrow()
    expect(snackbar.showError).toHaveBeenCalledWith(
      'A problem occurred while trying initialize authentication',
    )
    expect(disconnect).toHaveBeenCalled()
    expect(onStartFailed).toHaveBeenCalled()
    expect(tracked(events.emit)).toEqual(['SIWX_AUTH_ERROR'])
  })

  it('a message outside its time window raises "Session Expired"', async () => {
    const { siwx, alerts } = setup(undefined, {
      verify: async () => {
        throw new HttpStatusError(401, 'Session Expired: the message is outside its time window')
      },
    })
    await expect(siwx.signIn()).rejects.toThrow()
    expect(alerts.raise).toHaveBeenCalledWith(
      expect.objectContaining({ shortMessage: 'Session Expired' }),
    )
  })

  it('cancel disconnects when sign-in is required, and only then', async () => {
    const required = setup({ required: true })
    await required.siwx.cancel()
    expect(required.disconnect).toHaveBeenCalled()
    expect(tracked(required.events.emit)).toEqual(['CLICK_CANCEL_SIWX'])
    const optional = setup({ required: false })
    await optional.siwx.cancel()
    expect(optional.disconnect).not.toHaveBeenCalled()
  })

  it('refuses to start without the option or an account', async () => {
    await expect(setup('off').siwx.signIn()).rejects.toThrow('SIWX is not enabled')
  })

  it('sign-out revokes the session on the server with its bearer token', async () => {
    const { siwx, post } = setup()
    await siwx.signIn()
    await siwx.signOut()
    expect(post).toHaveBeenLastCalledWith(
      '/auth/v1/siwx/signout',
      {},
      {},
      { authorization: 'Bearer secret-token' },
    )
    expect(siwx.hasSession()).toBe(false)
  })

  it('sign-out keeps the session until the server has revoked it, and forgets it if the server fails', async () => {
    const { siwx, post } = setup()
    await siwx.signIn()
    let revoke: (value: unknown) => void = () => {}
    post.mockImplementationOnce(() => new Promise((resolve) => (revoke = resolve)))
    const out = siwx.signOut()
    await Promise.resolve()
    expect(siwx.hasSession()).toBe(true)
    revoke({})
    await out
    expect(siwx.hasSession()).toBe(false)

    await siwx.signIn()
    post.mockImplementationOnce(() => Promise.reject(new Error('offline')))
    await siwx.signOut()
    expect(siwx.hasSession()).toBe(false)

    await siwx.signIn()
    vi.useFakeTimers()
    try {
      post.mockImplementationOnce(() => new Promise(() => {}))
      const hung = siwx.signOut()
      await vi.advanceTimersByTimeAsync(5_000)
      await hung
      expect(siwx.hasSession()).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})
