import {
  FARCASTER_DECLINED_MESSAGE,
  FARCASTER_EXPIRED_MESSAGE,
  type FrameEventName,
  type FrameEvents,
  RPC_NOT_ALLOWED_MESSAGE,
  USER_REJECTED_CODE,
} from '@latch/protocol/frame'
import { describe, expect, it, vi } from 'vitest'
import type { WalletApiPath } from '../api/types.ts'
import { type WalletApi, WalletApiError } from '../api/walletApi.ts'
import { createApprovalQueue } from '../approval/approvalQueue.ts'
import type { ApprovalDecision, ApprovalRequest, ApprovalScreen } from '../approval/types.ts'
import { TRANSACTION_REFUSED_CODE } from '../constants.ts'
import { createFrameStore } from '../state/frameStore.ts'
import { createMemoryStorage } from '../state/memoryStorage.ts'
import type { FrameContext } from './context.ts'
import { createHandlers } from './createHandlers.ts'
import { dispatch } from './dispatch.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = 'secret-session-token-0123456789'
const user = {
  email: 'ada@example.com',
  address,
  chainId: 31337,
  accounts: [{ address, type: 'eoa' as const }],
  preferredAccountType: 'eoa' as const,
  smartAccountDeployed: false,
}
const login = {
  sessionToken: token,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  user: { ...user, internalKeyId: 'never-forwarded' },
}

type ServerCall = { path: WalletApiPath; body: unknown; token: string | undefined }

/**
 * The frame's handlers against a stand-in wallet server (`answer` plays the server) and a screen
 * the test clicks; the replies are what the parent window would receive.
 */
function setup(
  answer: (call: ServerCall) => unknown,
  options: Pick<FrameContext, 'parentOrigin' | 'setLocale'> = {},
) {
  const calls: ServerCall[] = []
  const events: { name: FrameEventName; payload: unknown }[] = []
  let decide: ((decision: ApprovalDecision) => void) | undefined
  const shown: string[] = []
  const requests: ApprovalRequest[] = []
  const screen: ApprovalScreen = {
    show: (request, onDecision) => {
      shown.push(request.method)
      requests.push(request)
      decide = onDecision
    },
    showPreparing: () => {},
    showApproving: () => {},
    hide: () => {},
  }
  const api = (async (path: WalletApiPath, body: unknown, bearer?: string) => {
    const call = { path, body, token: bearer }
    calls.push(call)
    return answer(call)
  }) as WalletApi
  const store = createFrameStore(createMemoryStorage())
  const context: FrameContext = {
    api,
    store,
    projectId: 'latch-dev',
    approvals: createApprovalQueue(screen),
    emit: <N extends FrameEventName>(name: N, payload: FrameEvents[N]) => {
      events.push({ name, payload })
    },
    applyTheme: () => {},
    dapp: { current: undefined },
    ...options,
  }
  const handlers = createHandlers(context)
  let counter = 0
  const send = (name: string, payload?: unknown) =>
    dispatch(
      { name: name as Parameters<typeof dispatch>[0]['name'], id: `r${++counter}`, payload },
      handlers,
    )
  return {
    send,
    calls,
    events,
    store,
    shown,
    requests,
    click: (d: ApprovalDecision) => decide?.(d),
  }
}

/** Logs the frame in by email, as a visitor would before any signing request. */
async function signIn(frame: ReturnType<typeof setup>): Promise<void> {
  await frame.send('CONNECT_EMAIL', { email: 'ada@example.com' })
  await frame.send('CONNECT_OTP', { otp: '123456' })
}

/** The server's answer about a call's cost for an empty account: a fee of 0.000042 ETH. */
const emptyAccountCost = (shortfall: string) => ({
  network: { chainId: 31337, name: 'Latch Devnet' },
  currency: { symbol: 'ETH', decimals: 18 },
  balance: '0',
  value: '0',
  fee: '42000000000000',
  shortfall,
})

function signedInServer(call: ServerCall): unknown {
  if (call.path === 'email/start') return { action: 'VERIFY_OTP' }
  if (call.path === 'email/verify') return login
  if (call.path === 'social/start') {
    return { flowId: 'f1', flowSecret: 's1', authorizationUrl: 'https://idp.example/auth?x=1' }
  }
  if (call.path === 'social/finish') return { status: 'connected', ...login }
  if (call.path === 'rpc') return { result: '0xsigned' }
  return {}
}

const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdcVwX7tPhp5m'
const solanaNetwork = {
  caipNetworkId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K',
  name: 'Latch Solana Devnet',
  currency: { symbol: 'SOL', decimals: 9 },
  tokens: [],
}
const solanaUser = {
  ...user,
  accounts: [
    { namespace: 'eip155' as const, address, type: 'eoa' as const },
    { namespace: 'solana' as const, address: solanaAddress, type: 'eoa' as const },
  ],
}

/** A server whose user has a Solana account, listed at login and by session/user. */
function solanaServer(call: ServerCall): unknown {
  if (call.path === 'email/verify') return { ...login, user: solanaUser }
  return olderSessionServer(call)
}

/** The same, for a session opened before the server listed Solana accounts at login. */
function olderSessionServer(call: ServerCall): unknown {
  if (call.path === 'session/user') return solanaUser
  if (call.path === 'solana/network') return solanaNetwork
  if (call.path === 'rpc') return { result: { signature: 'solana-signature' } }
  return signedInServer(call)
}

describe('wallet frame requests', () => {
  it('email login: the app gets the user, never the session token', async () => {
    const frame = setup(signedInServer)
    expect(await frame.send('CONNECT_EMAIL', { email: 'ada@example.com' })).toEqual({
      type: '@latch-frame/CONNECT_EMAIL_SUCCESS',
      id: 'r1',
      payload: { action: 'VERIFY_OTP' },
    })
    await frame.send('SWITCH_NETWORK', { chainId: 31338 })
    const reply = await frame.send('CONNECT_OTP', { otp: '123456' })
    expect(reply).toEqual({
      type: '@latch-frame/CONNECT_OTP_SUCCESS',
      id: 'r3',
      payload: { ...user, chainId: 31338 },
    })
    expect(JSON.stringify(reply)).not.toContain(token)
    const verify = frame.calls.find((call) => call.path === 'email/verify')
    expect(verify?.body).toEqual({
      email: 'ada@example.com',
      otp: '123456',
      deviceId: frame.store.deviceId(),
    })
    expect((await frame.send('IS_CONNECTED')).payload).toEqual({ isConnected: true })
    expect(frame.events).toContainEqual({ name: 'CHAIN_CHANGED', payload: { chainId: 31338 } })
  })

  it('social login: the URL for the popup, then the user without the token', async () => {
    const frame = setup(signedInServer)
    expect((await frame.send('GET_SOCIAL_REDIRECT_URI', { provider: 'dev' })).payload).toEqual({
      uri: 'https://idp.example/auth?x=1',
    })
    const reply = await frame.send('CONNECT_SOCIAL')
    expect(reply.payload).toEqual({ status: 'connected', user })
    expect(JSON.stringify(reply)).not.toContain(token)
    expect(JSON.stringify(reply)).not.toContain('s1')
    expect(frame.calls.find((call) => call.path === 'social/finish')?.body).toEqual({
      flowId: 'f1',
      flowSecret: 's1',
    })
  })

  it('Farcaster login: the channel URL, then the user with their Farcaster profile, no secret', async () => {
    const farcaster = { fid: 1001, username: 'alice', pfpUrl: 'data:image/png;base64,AA==' }
    const frame = setup((call) => {
      if (call.path === 'farcaster/start')
        return {
          flowId: 'f1',
          flowSecret: 's1',
          url: 'https://warpcast.com/~/siwf?channelToken=abc',
          expiresAt: '2030-01-01T00:00:00.000Z',
        }
      if (call.path === 'farcaster/finish')
        return { status: 'connected', ...login, user: { ...login.user, farcaster } }
      return {}
    })
    expect((await frame.send('GET_FARCASTER_URI')).payload).toEqual({
      url: 'https://warpcast.com/~/siwf?channelToken=abc',
      expiresAt: '2030-01-01T00:00:00.000Z',
    })
    const reply = await frame.send('CONNECT_FARCASTER')
    expect(reply.payload).toEqual({ status: 'connected', user: { ...user, farcaster } })
    expect(JSON.stringify(reply)).not.toContain('s1')
    expect(frame.calls.find((call) => call.path === 'farcaster/finish')?.body).toEqual({
      flowId: 'f1',
      flowSecret: 's1',
    })
  })

  it.each([
    [FARCASTER_DECLINED_MESSAGE, 'declined'],
    [FARCASTER_EXPIRED_MESSAGE, 'expired'],
  ])('Farcaster login: the server\'s "%s" is the %s state', async (message, status) => {
    const frame = setup((call) => {
      if (call.path === 'farcaster/start')
        return {
          flowId: 'f1',
          flowSecret: 's1',
          url: 'https://warpcast.com/~/siwf?channelToken=a',
          expiresAt: '2030-01-01T00:00:00.000Z',
        }
      throw new WalletApiError(400, message)
    })
    await frame.send('GET_FARCASTER_URI')
    expect((await frame.send('CONNECT_FARCASTER')).payload).toEqual({ status })
    // The login is over: asking again says there is none.
    expect((await frame.send('CONNECT_FARCASTER')).payload).toEqual({
      message: 'No Farcaster login in progress',
    })
  })

  it('forwards the server message of a refusal', async () => {
    const frame = setup(() => {
      throw new WalletApiError(429, 'Please try again after 27 seconds')
    })
    expect(await frame.send('CONNECT_EMAIL', { email: 'ada@example.com' })).toEqual({
      type: '@latch-frame/CONNECT_EMAIL_ERROR',
      id: 'r1',
      payload: { message: 'Please try again after 27 seconds' },
    })
  })

  it('signed out: GET_USER fails with Not signed in, without calling the server', async () => {
    const frame = setup(signedInServer)
    expect((await frame.send('GET_USER', {})).payload).toEqual({ message: 'Not signed in' })
    expect(frame.calls).toEqual([])
  })

  it('a 401 forgets the session and raises SESSION_EXPIRED', async () => {
    let expired = false
    const frame = setup((call) => {
      if (expired) throw new WalletApiError(401, 'Session expired')
      return signedInServer(call)
    })
    await signIn(frame)
    expired = true
    expect((await frame.send('GET_USER', {})).payload).toEqual({ message: 'Session expired' })
    expect(frame.calls.at(-1)?.token).toBe(token)
    expect(frame.events).toContainEqual({ name: 'SESSION_EXPIRED', payload: {} })
    expect((await frame.send('IS_CONNECTED')).payload).toEqual({ isConnected: false })
  })

  it('RPC: refuses methods off both lists and leaves reads to the gateway', async () => {
    const frame = setup(signedInServer)
    const refused = await frame.send('RPC_REQUEST', { method: 'eth_sign', params: [], chainId: 1 })
    expect(refused.payload).toEqual({ message: RPC_NOT_ALLOWED_MESSAGE })
    const read = await frame.send('RPC_REQUEST', { method: 'eth_call', params: [], chainId: 1 })
    expect(read.payload).toEqual({ message: 'Send read calls to the gateway' })
    const accounts = await frame.send('RPC_REQUEST', { method: 'eth_accounts', chainId: 1 })
    expect(accounts.payload).toEqual([])
    const sign = await frame.send('RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x00', address],
      chainId: 1,
    })
    expect(sign.payload).toEqual({ message: 'Not signed in' })
    expect(frame.shown).toEqual([])
  })

  it('RPC: an unsafe call runs only after Approve, with its parameters', async () => {
    const frame = setup(signedInServer)
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6869', address],
      chainId: 31337,
    })
    await Promise.resolve()
    expect(frame.shown).toEqual(['personal_sign'])
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
    frame.click('approve')
    expect((await pending).payload).toBe('0xsigned')
    expect(frame.calls.at(-1)).toEqual({
      path: 'rpc',
      body: {
        method: 'personal_sign',
        params: ['0x6869', address],
        chainId: 31337,
        projectId: 'latch-dev',
      },
      token,
    })
  })

  it("a grant of permissions: shown with the chain's tokens, sent after Approve with the site's origin", async () => {
    const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const network = {
      chainId: 31337,
      name: 'Latch Devnet',
      currency: { symbol: 'ETH', decimals: 18 },
      tokens: [{ address: usdc, symbol: 'USDC', decimals: 6 }],
    }
    const frame = setup(
      (call) =>
        call.path === 'evm/network'
          ? network
          : call.path === 'rpc'
            ? { result: { context: `0x${'ab'.repeat(32)}` } }
            : signedInServer(call),
      { parentOrigin: 'https://game.example' },
    )
    await signIn(frame)
    const grant = {
      chainId: '0x7a69',
      expiry: 1_800_000_000,
      signer: { type: 'account', data: { address } },
      permissions: [
        {
          type: 'erc20-token-periodic',
          data: { tokenAddress: usdc, periodAmount: '10000000', periodDuration: 86_400 },
        },
      ],
    }
    const pending = frame.send('RPC_REQUEST', {
      method: 'wallet_grantPermissions',
      params: [grant],
      chainId: 31337,
    })
    await vi.waitFor(() => expect(frame.shown).toEqual(['wallet_grantPermissions']))
    expect(frame.calls.find((call) => call.path === 'evm/network')?.body).toEqual({
      chainId: 31337,
    })
    expect(frame.requests[0]?.evmNetwork).toEqual(network)
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
    frame.click('approve')
    expect((await pending).payload).toEqual({ context: `0x${'ab'.repeat(32)}` })
    expect(frame.calls.at(-1)?.body).toEqual({
      method: 'wallet_grantPermissions',
      params: [grant],
      chainId: 31337,
      projectId: 'latch-dev',
      origin: 'https://game.example',
    })
  })

  it('RPC_ABORT rejects the approval on screen with code 4001', async () => {
    const frame = setup(signedInServer)
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: address }],
      chainId: 31337,
    })
    await Promise.resolve()
    await frame.send('RPC_ABORT')
    expect(await pending).toEqual({
      type: '@latch-frame/RPC_REQUEST_ERROR',
      id: 'r3',
      payload: { message: 'User rejected the request', code: USER_REJECTED_CODE },
    })
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
  })

  it('solana_signMessage: shown with the Solana account and network, sent to the server only after Approve', async () => {
    const frame = setup(solanaServer)
    await signIn(frame)
    const params = { message: '3yZe7d', pubkey: solanaAddress }
    const pending = frame.send('RPC_REQUEST', {
      method: 'solana_signMessage',
      params,
      caipNetworkId: solanaNetwork.caipNetworkId,
    })
    await vi.waitFor(() => expect(frame.shown).toEqual(['solana_signMessage']))
    expect(frame.requests[0]).toMatchObject({ account: solanaAddress, solanaNetwork })
    // The login listed the account: no extra read of the user.
    expect(frame.calls.some((call) => call.path === 'session/user')).toBe(false)
    expect(frame.calls.at(-1)).toEqual({
      path: 'solana/network',
      body: { caipNetworkId: solanaNetwork.caipNetworkId },
      token,
    })
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
    frame.click('approve')
    expect((await pending).payload).toEqual({ signature: 'solana-signature' })
    expect(frame.calls.at(-1)).toEqual({
      path: 'rpc',
      body: { method: 'solana_signMessage', params, caipNetworkId: solanaNetwork.caipNetworkId },
      token,
    })
  })

  it('solana_signAndSendTransaction declined: code 4001, nothing reaches the server', async () => {
    const frame = setup(solanaServer)
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQAB' },
    })
    await vi.waitFor(() => expect(frame.shown).toEqual(['solana_signAndSendTransaction']))
    frame.click('reject')
    expect(await pending).toMatchObject({
      type: '@latch-frame/RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request', code: USER_REJECTED_CODE },
    })
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
  })

  it('Solana: a session from before the server listed Solana asks for the account once', async () => {
    const frame = setup(olderSessionServer)
    await signIn(frame)
    expect(frame.store.session()?.solanaAddress).toBeUndefined()
    const pending = frame.send('RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: '3yZe7d', pubkey: solanaAddress },
    })
    await vi.waitFor(() => expect(frame.shown).toEqual(['solana_signMessage']))
    expect(frame.requests[0]?.account).toBe(solanaAddress)
    expect(frame.store.session()?.solanaAddress).toBe(solanaAddress)
    frame.click('approve')
    await pending
    expect(frame.calls.filter((call) => call.path === 'session/user')).toHaveLength(1)
  })

  it('Solana: a network the server refuses is shown with its reason, only to be closed', async () => {
    const frame = setup((call) => {
      if (call.path === 'solana/network') throw new WalletApiError(400, 'Unsupported chain')
      return solanaServer(call)
    })
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: '3yZe7d', pubkey: solanaAddress },
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
    await vi.waitFor(() => expect(frame.shown).toEqual(['solana_signMessage']))
    expect(frame.requests[0]?.refusal).toBe('Unsupported chain')
    frame.click('approve')
    frame.click('reject')
    expect(await pending).toMatchObject({
      payload: { message: 'Unsupported chain', code: TRANSACTION_REFUSED_CODE },
    })
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
  })

  it('Solana: a message signs on a server with no Solana network (signing needs none)', async () => {
    const frame = setup((call) => {
      if (call.path === 'solana/network')
        throw new WalletApiError(400, 'No Solana network is configured')
      return solanaServer(call)
    })
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: '3yZe7d', pubkey: solanaAddress },
    })
    await vi.waitFor(() => expect(frame.shown).toEqual(['solana_signMessage']))
    expect(frame.requests[0]?.refusal).toBeUndefined()
    frame.click('approve')
    expect((await pending).payload).toEqual({ signature: 'solana-signature' })
  })

  it('RPC: a transaction the balance cannot pay is shown refused and never sent', async () => {
    const costs = emptyAccountCost('42000000000000')
    const frame = setup((call) => (call.path === 'rpc/cost' ? costs : signedInServer(call)))
    const shown = frame.requests
    await signIn(frame)
    const tx = { to: address, value: '0x0' }
    const pending = frame.send('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [tx],
      chainId: 31337,
    })
    await expect.poll(() => shown.length).toBe(1)
    // Sent from the account the user acts with (their only one here: the EOA).
    expect(frame.calls.at(-1)).toEqual({
      path: 'rpc/cost',
      body: {
        method: 'eth_sendTransaction',
        params: [{ ...tx, from: address }],
        chainId: 31337,
        projectId: 'latch-dev',
      },
      token,
    })
    const reason = 'Not enough ETH for the network fee: you need 0.000042 ETH more'
    expect(shown[0]).toMatchObject({ cost: costs, refusal: reason })
    frame.click('approve')
    frame.click('reject')
    expect((await pending).payload).toEqual({ message: reason, code: TRANSACTION_REFUSED_CODE })
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
  })

  it("RPC: the refusal names the server's shortfall rather than working it out again", async () => {
    // The server's figure, not balance - value - fee (which would be 0.000042 ETH here).
    const costs = emptyAccountCost('50000000000000')
    const frame = setup((call) => (call.path === 'rpc/cost' ? costs : signedInServer(call)))
    const shown = frame.requests
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', calls: [{ to: address }] }],
      chainId: 31337,
    })
    await expect.poll(() => shown.length).toBe(1)
    const reason = 'Not enough ETH for the network fee: you need 0.00005 ETH more'
    expect(shown[0]).toMatchObject({ cost: costs, refusal: reason })
    frame.click('reject')
    expect((await pending).payload).toEqual({ message: reason, code: TRANSACTION_REFUSED_CODE })
    expect(frame.calls.some((call) => call.path === 'rpc')).toBe(false)
  })

  it('RPC: without an answer about the cost the transaction is still shown, without it', async () => {
    const frame = setup((call) => {
      if (call.path === 'rpc/cost') throw new WalletApiError(503, 'The chain RPC did not answer')
      return signedInServer(call)
    })
    const shown = frame.requests
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: address }],
      chainId: 31337,
    })
    await expect.poll(() => shown.length).toBe(1)
    expect(shown[0]?.cost).toBeUndefined()
    frame.click('approve')
    expect((await pending).payload).toBe('0xsigned')
  })

  it('SYNC_THEME keeps a colour accent and drops anything else', async () => {
    const frame = setup(signedInServer)
    await frame.send('SYNC_THEME', {
      themeMode: 'light',
      themeVariables: { '--latch-accent': '#ff5500' },
    })
    expect(frame.store.theme()).toEqual({ themeMode: 'light', accent: '#ff5500' })
    await frame.send('SYNC_THEME', {
      themeMode: 'dark',
      themeVariables: { '--latch-accent': 'url(https://evil.example/x.png)' },
    })
    expect(frame.store.theme()).toEqual({ themeMode: 'dark' })
    expect((await frame.send('SYNC_THEME', { themeMode: 'neon' })).type).toBe(
      '@latch-frame/SYNC_THEME_ERROR',
    )
  })
  it("SYNC_THEME passes the kit's language to the screen, and refuses one it has no catalogue for", async () => {
    const languages: string[] = []
    const frame = setup(signedInServer, {
      setLocale: async (locale) => {
        languages.push(locale)
      },
    })
    expect((await frame.send('SYNC_THEME', { themeMode: 'dark', locale: 'ar' })).type).toBe(
      '@latch-frame/SYNC_THEME_SUCCESS',
    )
    const refused = await frame.send('SYNC_THEME', { themeMode: 'dark', locale: 'xx' })
    expect(refused.type).toBe('@latch-frame/SYNC_THEME_ERROR')
    expect(JSON.stringify(refused.payload)).toContain(
      'Invalid request: locale must be one of en, ar',
    )
    expect(languages).toEqual(['ar'])
  })
})

const smartAccount = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
/** The user as a server with a bundler lists them: the smart account their key owns, then the key. */
const smartUser = (chainId: number, smart: string | null = smartAccount) => ({
  ...user,
  chainId,
  accounts: [
    ...(smart
      ? [{ namespace: 'eip155' as const, address: smart, type: 'smartAccount' as const }]
      : []),
    { namespace: 'eip155' as const, address, type: 'eoa' as const },
  ],
})

/** A server on two chains: 31337 has smart accounts, 31338 (no bundler) has only the EOA. */
function smartServer(call: ServerCall): unknown {
  if (call.path === 'email/verify') return { ...login, user: smartUser(31337) }
  if (call.path === 'session/user') {
    const chainId = (call.body as { chainId?: number }).chainId ?? 31337
    return smartUser(chainId, chainId === 31337 ? smartAccount : null)
  }
  return signedInServer(call)
}

describe('wallet frame requests: the smart account', () => {
  it('acts with the smart account by default: the login, GET_USER and eth_accounts give its address', async () => {
    const frame = setup(smartServer)
    await frame.send('CONNECT_EMAIL', { email: 'ada@example.com' })
    const login = await frame.send('CONNECT_OTP', { otp: '123456' })
    expect(login.payload).toMatchObject({
      address: smartAccount,
      preferredAccountType: 'smartAccount',
      accounts: [
        { address: smartAccount, type: 'smartAccount' },
        { address, type: 'eoa' },
      ],
    })
    expect((await frame.send('GET_USER', {})).payload).toMatchObject({ address: smartAccount })
    const accounts = await frame.send('RPC_REQUEST', { method: 'eth_accounts', chainId: 31337 })
    expect(accounts.payload).toEqual([smartAccount])
  })

  it('switches to the owner EOA and back, keeping the choice; the kit may name it with GET_USER', async () => {
    const frame = setup(smartServer)
    await signIn(frame)
    const eoa = await frame.send('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    expect(eoa.payload).toMatchObject({ address, preferredAccountType: 'eoa' })
    expect(frame.store.preferredAccountType()).toBe('eoa')
    expect(
      (await frame.send('RPC_REQUEST', { method: 'eth_requestAccounts', chainId: 31337 })).payload,
    ).toEqual([address])
    const back = await frame.send('GET_USER', { preferredAccountType: 'smartAccount' })
    expect(back.payload).toMatchObject({
      address: smartAccount,
      preferredAccountType: 'smartAccount',
    })
    expect(frame.store.preferredAccountType()).toBe('smartAccount')
    const bad = await frame.send('SET_PREFERRED_ACCOUNT', { type: 'contract' })
    expect(bad.payload).toEqual({
      message: "Invalid request: type must be 'eoa' or 'smartAccount'",
    })
  })

  it('sends from the smart account: the screen names it, and a transaction that names no sender is sent from it', async () => {
    const frame = setup(smartServer)
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: address, value: '0x1' }],
      chainId: 31337,
    })
    await expect.poll(() => frame.requests.length).toBe(1)
    expect(frame.requests[0]?.account).toBe(smartAccount)
    frame.click('approve')
    await pending
    expect(frame.calls.at(-1)).toEqual({
      path: 'rpc',
      body: {
        method: 'eth_sendTransaction',
        params: [{ to: address, value: '0x1', from: smartAccount }],
        chainId: 31337,
        projectId: 'latch-dev',
      },
      token,
    })
    // A message names its signer: the owner's key signs as itself when asked to.
    const signing = frame.send('RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6869', address],
      chainId: 31337,
    })
    await expect.poll(() => frame.requests.length).toBe(2)
    expect(frame.requests[1]?.account).toBe(address)
    frame.click('reject')
    await signing
  })

  it('tells the app of its new address on a chain without smart accounts', async () => {
    const frame = setup(smartServer)
    await signIn(frame)
    await frame.send('GET_USER', {})
    await frame.send('SWITCH_NETWORK', { chainId: 31338 })
    expect(frame.events).toContainEqual({
      name: 'ACCOUNTS_CHANGED',
      payload: { accounts: [address] },
    })
    expect(
      (await frame.send('RPC_REQUEST', { method: 'eth_accounts', chainId: 31338 })).payload,
    ).toEqual([address])
    await frame.send('SWITCH_NETWORK', { chainId: 31337 })
    expect(frame.events.at(-1)).toEqual({
      name: 'ACCOUNTS_CHANGED',
      payload: { accounts: [smartAccount] },
    })
  })
})

describe('wallet frame requests: the fee of a smart account transaction', () => {
  it("asks the server what the smart account's operation costs, with no approval", async () => {
    const frame = setup((call) =>
      call.path === 'rpc/cost'
        ? { ...emptyAccountCost('0'), gas: '400000', maxFeePerGas: '2000000000' }
        : smartServer(call),
    )
    await signIn(frame)
    const transaction = { from: smartAccount, to: address, value: '0x1' }
    const reply = await frame.send('ESTIMATE_FEE', { transaction, chainId: 31337 })
    expect(reply.payload).toEqual({ gas: '400000', maxFeePerGas: '2000000000' })
    expect(frame.calls.at(-1)).toEqual({
      path: 'rpc/cost',
      body: {
        method: 'eth_sendTransaction',
        params: [transaction],
        chainId: 31337,
        projectId: 'latch-dev',
      },
      token,
    })
    expect(frame.shown).toEqual([])
  })

  it('has no estimate of its own for the EOA: the chain estimates those', async () => {
    const frame = setup((call) =>
      call.path === 'rpc/cost' ? emptyAccountCost('0') : smartServer(call),
    )
    await signIn(frame)
    const reply = await frame.send('ESTIMATE_FEE', {
      transaction: { from: address, to: address },
      chainId: 31337,
    })
    expect(reply.payload).toBeNull()
    const bad = await frame.send('ESTIMATE_FEE', { transaction: 'nope', chainId: 31337 })
    expect(bad.payload).toEqual({ message: 'Invalid request: transaction must be an object' })
  })
})

describe('wallet frame requests: what the visitor should know', () => {
  it("passes on the server's notice of a send it paid itself, after the result", async () => {
    const notice =
      'This site is not paying for this transaction: it does not sponsor network fees. You pay the network fee.'
    const frame = setup((call) =>
      call.path === 'rpc' ? { result: `0x${'ab'.repeat(32)}`, notice } : smartServer(call),
    )
    await signIn(frame)
    const pending = frame.send('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: address }],
      chainId: 31337,
    })
    await expect.poll(() => frame.requests.length).toBe(1)
    frame.click('approve')
    expect((await pending).payload).toBe(`0x${'ab'.repeat(32)}`)
    expect(frame.events).toContainEqual({ name: 'NOTICE', payload: { message: notice } })
  })
})
