import type { ConnectedUser } from '@latch/protocol/frame'
import { http } from 'viem'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { createModal, type ModalController } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createSnackbar } from '../snackbar/index.ts'
import { createApprover } from './approve.ts'
import { callsStatusMessage, embeddedCapabilities } from './capabilities.ts'
import { FrameRequestError } from './errors.ts'
import { createEmbeddedProvider } from './provider.ts'
import { createTestFrame, deferred } from './testFrame.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const user: ConnectedUser = {
  email: 'ada@example.com',
  address: ADDRESS,
  chainId: 31337,
  accounts: [{ address: ADDRESS, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

function setup(options: { connected?: boolean; user?: ConnectedUser; onLanded?: () => void } = {}) {
  const [chain] = inject('devnet').chains
  if (!chain) throw new Error('the devnet has a chain')
  let modal: ModalController | undefined
  const router = createRouter({ closeModal: () => modal?.close() })
  modal = createModal({
    router,
    isConnected: () => true,
    isSignInRequired: () => false,
    hasSession: () => false,
  })
  const snackbar = createSnackbar()
  const answer = deferred<unknown>()
  const frame = createTestFrame({
    RPC_REQUEST: () => answer.promise,
    SWITCH_NETWORK: ({ chainId }) => ({ chainId }),
  })
  const gatewayCalls: string[] = []
  const gateway = http(chain.rpcUrl)({ retryCount: 0 })
  let chainId = chain.chainId
  const provider = createEmbeddedProvider({
    user: () => (options.connected === false ? undefined : (options.user ?? user)),
    chainId: () => chainId,
    isSiteChain: (id) => id === chain.chainId || id === 31338,
    switchChain: async (id) => {
      await frame.request('SWITCH_NETWORK', { chainId: id })
      chainId = id
    },
    gateway: (id) => ({
      request: (args) => {
        gatewayCalls.push(`${id}:${args.method}`)
        return gateway.request(args as Parameters<typeof gateway.request>[0])
      },
    }),
    approve: createApprover({ frame: async () => frame, modal, router, snackbar }),
    walletCall: (request) => frame.request('RPC_REQUEST', request),
    capabilities: async (current, chainIds) =>
      embeddedCapabilities(current, chainIds, { bundler: [`eip155:${chain.chainId}`] }),
    showCallsStatus: (status) => snackbar.showSuccess(callsStatusMessage(status).message),
    ...(options.onLanded && { onLanded: options.onLanded }),
    snackbar,
  })
  return { provider, frame, modal, router, answer, gatewayCalls, snackbar, chain }
}

describe('the embedded provider (safe calls to the gateway, signing through approval)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('answers accounts and chain from the session, without the frame or the gateway', async () => {
    const { provider, frame, gatewayCalls, chain } = setup()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
    expect(await provider.request({ method: 'eth_chainId' })).toBe(
      `0x${chain.chainId.toString(16)}`,
    )
    // The owner EOA sends a batch call by call: not atomic.
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [ADDRESS] })).toEqual(
      { [`0x${chain.chainId.toString(16)}`]: { atomic: { status: 'unsupported' } } },
    )
    expect(frame.requests).toEqual([])
    expect(gatewayCalls).toEqual([])
  })

  it('asks the frame, with no approval view, for the status of its own call batches', async () => {
    const { provider, frame, answer, router, gatewayCalls } = setup()
    const status = { version: '2.0.0', id: '0xab', status: 200, atomic: false, receipts: [] }
    answer.resolve(status)
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: ['0xab'] })).toEqual(
      status,
    )
    expect(frame.requests.map((request) => request.name)).toEqual(['RPC_REQUEST'])
    expect(router.state.get().view).not.toBe('ApproveTransaction')
    expect(gatewayCalls).toEqual([])
  })

  it("shows a batch's status as the server reads it, and says when a batch landed", async () => {
    const landed = vi.fn()
    const { provider, answer, snackbar } = setup({ onLanded: landed })
    answer.resolve({ version: '2.0.0', id: '0xab', status: 200, atomic: true, receipts: [] })
    expect(
      await provider.request({ method: 'wallet_showCallsStatus', params: ['0xab'] }),
    ).toBeNull()
    expect(snackbar.state.get()).toMatchObject({ message: 'The transaction is confirmed' })
    expect(landed).not.toHaveBeenCalled()
    await provider.request({ method: 'wallet_getCallsStatus', params: ['0xab'] })
    expect(landed).toHaveBeenCalledOnce()
    await expect(
      provider.request({ method: 'wallet_showCallsStatus', params: [] }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('a smart account batches atomically on the chains whose server has a bundler', async () => {
    const { provider, chain } = setup({ user: { ...user, preferredAccountType: 'smartAccount' } })
    const chains = [`0x${chain.chainId.toString(16)}`, '0x1']
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [ADDRESS, chains] }),
    ).toEqual({
      [`0x${chain.chainId.toString(16)}`]: { atomic: { status: 'supported' } },
      '0x1': { atomic: { status: 'unsupported' } },
    })
    await expect(
      provider.request({
        method: 'wallet_getCapabilities',
        params: ['0x0000000000000000000000000000000000000001'],
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('has no accounts while signed out', async () => {
    const { provider } = setup({ connected: false })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4100,
    })
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68690a', ADDRESS] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('sends read calls to the gateway of the chain, never to the frame', async () => {
    const { provider, frame, gatewayCalls, chain } = setup()
    const block = await provider.request({ method: 'eth_blockNumber' })
    expect(block).toMatch(/^0x[0-9a-f]+$/)
    const balance = await provider.request({
      method: 'eth_getBalance',
      params: [ADDRESS, 'latest'],
    })
    expect(BigInt(balance as string)).toBeGreaterThan(0n)
    expect(gatewayCalls).toEqual([
      `${chain.chainId}:eth_blockNumber`,
      `${chain.chainId}:eth_getBalance`,
    ])
    expect(frame.requests).toEqual([])
  })

  it('switches only to the site chains, through the frame', async () => {
    const { provider, frame } = setup()
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(frame.requests).toEqual([])
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    expect(frame.requests).toEqual([{ name: 'SWITCH_NETWORK', payload: { chainId: 31338 } }])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it('sends a signing call to the frame on the ApproveTransaction view', async () => {
    const { provider, frame, modal, router, answer, gatewayCalls, chain } = setup()
    const params = ['0x68690a', ADDRESS]
    const signed = provider.request({ method: 'personal_sign', params })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(modal.state.get().open).toBe(true)
    expect(router.state.get().view).toBe('ApproveTransaction')
    expect(frame.requests).toEqual([
      { name: 'RPC_REQUEST', payload: { method: 'personal_sign', params, chainId: chain.chainId } },
    ])
    answer.resolve(`0x${'ab'.repeat(65)}`)
    await expect(signed).resolves.toBe(`0x${'ab'.repeat(65)}`)
    expect(modal.state.get().open).toBe(false)
    expect(gatewayCalls).toEqual([])
  })

  it("passes the frame's Reject on with code 4001", async () => {
    const { provider, answer } = setup()
    const sent = provider.request({ method: 'eth_sendTransaction', params: [{ to: ADDRESS }] })
    answer.reject(new FrameRequestError('User rejected the request', 4001))
    await expect(sent).rejects.toMatchObject({ code: 4001, message: 'User rejected the request' })
  })

  it("refuses other methods: 'Requested RPC call is not allowed', 'Action not allowed' 300 ms later", async () => {
    vi.useFakeTimers()
    const { provider, frame, gatewayCalls, snackbar } = setup()
    await expect(
      provider.request({ method: 'eth_sign', params: [ADDRESS, '0x00'] }),
    ).rejects.toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' })
    expect(frame.requests).toEqual([])
    expect(gatewayCalls).toEqual([])
    await vi.advanceTimersByTimeAsync(299)
    expect(snackbar.state.get().open).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(snackbar.state.get()).toMatchObject({
      open: true,
      message: 'Action not allowed',
      variant: 'error',
    })
  })
})
