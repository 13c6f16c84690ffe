import type { ConnectedUser, FrameRequests } from '@latch/protocol/frame'
import {
  createWalletClient,
  defineChain,
  type Hex,
  http,
  publicActions,
  recoverMessageAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it, vi } from 'vitest'
import { KNOWN_ALERTS } from '../alerts/knownAlerts.ts'
import { createEvmAdapter, type EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import { UserRejectedError } from '../chains/evm/errors.ts'
import { STORAGE_KEYS } from '../storage/index.ts'
import {
  EMBEDDED_CONNECTOR_ID,
  type EmbeddedConnectorProperties,
  embeddedConnector,
} from './connector.ts'
import { FrameRequestError } from './errors.ts'
import { setupEmbedded } from './testEmbedded.ts'
import { deferred, type FrameHandlers } from './testFrame.ts'

/** The devnet's first chain, and a fresh account on it holding 1 ETH (no nonce shared with others). */
async function devnetAccount() {
  const [first] = inject('devnet').chains
  if (!first) throw new Error('the devnet has a chain')
  const chain = defineChain({
    id: first.chainId,
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [first.rpcUrl] } },
  })
  const account = privateKeyToAccount(generatePrivateKey())
  const client = createWalletClient({ account, chain, transport: http(first.rpcUrl) }).extend(
    publicActions,
  )
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, '0xde0b6b3a7640000'] as never,
  })
  return { chain, account, client, rpcUrl: first.rpcUrl }
}

type Signer = Awaited<ReturnType<typeof devnetAccount>>

function userOf(signer: Signer): ConnectedUser {
  return {
    email: 'ada@example.com',
    address: signer.account.address,
    chainId: signer.chain.id,
    accounts: [{ address: signer.account.address, type: 'eoa' }],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  }
}

/**
 * The frame, played by the test with a real key: it signs and sends on the devnet what the
 * "user" approved. `reject` makes it answer as the Reject button does.
 */
function frameWithKey(
  signer: Signer,
  options: { reject?: boolean; session?: boolean; approval?: Promise<void> } = {},
) {
  const user = userOf(signer)
  let session = options.session ?? false
  const handlers: FrameHandlers = {
    CONNECT_OTP: () => {
      session = true
      return user
    },
    IS_CONNECTED: () => ({ isConnected: session }),
    GET_USER: () => {
      if (!session) throw new FrameRequestError('Not signed in')
      return user
    },
    SWITCH_NETWORK: ({ chainId }) => ({ chainId }),
    SIGN_OUT: () => {
      session = false
      return {}
    },
    SYNC_THEME: () => ({}),
    SYNC_DAPP_DATA: () => ({}),
    async RPC_REQUEST({ method, params }: FrameRequests['RPC_REQUEST']['payload']) {
      await options.approval
      if (options.reject) throw new FrameRequestError('User rejected the request', 4001)
      const args = params as unknown[]
      if (method === 'personal_sign')
        return signer.account.signMessage({ message: { raw: args[0] as Hex } })
      if (method === 'eth_sendTransaction') {
        const { to, value } = args[0] as { to: Hex; value?: Hex }
        return signer.client.sendTransaction({ to, value: BigInt(value ?? '0x0') })
      }
      throw new FrameRequestError('Requested RPC call is not allowed')
    },
  }
  return handlers
}

function setup(signer: Signer, handlers: FrameHandlers) {
  let evm: EvmAdapter | undefined
  const context = setupEmbedded(handlers, {
    connect: async () => {
      await evm?.connect(EMBEDDED_CONNECTOR_ID, { caipNetworkId: `eip155:${signer.chain.id}` })
    },
  })
  const memory = new Map<string, string>()
  evm = createEvmAdapter({
    chains: [signer.chain],
    transports: { [signer.chain.id]: http(signer.rpcUrl) },
    enableInjected: false,
    enableEIP6963: false,
    embedded: embeddedConnector(context.connector),
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => memory.set(key, value),
      removeItem: (key) => memory.delete(key),
    },
  })
  return { ...context, evm }
}

describe('the embedded connector through wagmi', () => {
  it('connects after the code, as the user of the session', async () => {
    const signer = await devnetAccount()
    const { embedded, evm, account, storage } = setup(signer, frameWithKey(signer))
    expect(evm.wallets.get().map((wallet) => wallet.id)).not.toContain(EMBEDDED_CONNECTOR_ID)
    expect(await embedded.connectOtp('123456')).toBe(true)
    expect(evm.connection.get()).toMatchObject({
      status: 'connected',
      address: signer.account.address,
      caipNetworkId: `eip155:${signer.chain.id}`,
      wallet: { id: EMBEDDED_CONNECTOR_ID, name: 'Email' },
    })
    expect(account.get()).toMatchObject({
      user: { email: 'ada@example.com' },
      preferredAccountTypes: { eip155: 'eoa' },
      allAccounts: [{ namespace: 'eip155', address: signer.account.address, type: 'eoa' }],
      connectedWalletInfo: { name: 'Email', identifier: 'ada@example.com' },
    })
    expect(storage.getItem(STORAGE_KEYS.connectedConnectorId('eip155'))).toBe(EMBEDDED_CONNECTOR_ID)
  })

  it('signs a message approved in the frame; the signature recovers to the user', async () => {
    const signer = await devnetAccount()
    const click = deferred<void>()
    const { embedded, evm, frame, router, modal } = setup(
      signer,
      frameWithKey(signer, { approval: click.promise }),
    )
    await embedded.connectOtp('123456')
    modal.close()
    const signing = evm.signMessage('Hello from the Latch demo')
    await vi.waitFor(() => expect(router.state.get().view).toBe('ApproveTransaction'))
    expect(modal.state.get().open).toBe(true)
    click.resolve()
    const signature = await signing
    expect(await recoverMessageAddress({ message: 'Hello from the Latch demo', signature })).toBe(
      signer.account.address,
    )
    expect(modal.state.get().open).toBe(false)
    expect(frame.requests.filter((request) => request.name === 'RPC_REQUEST')).toHaveLength(1)
  })

  it('sends a transaction approved in the frame, the reads going to the chain', async () => {
    const signer = await devnetAccount()
    const { embedded, evm, frame } = setup(signer, frameWithKey(signer))
    await embedded.connectOtp('123456')
    const hash = await evm.sendTransaction({ to: signer.account.address, value: 1_000n })
    const receipt = await evm.waitForTransaction(hash, signer.chain.id)
    expect(receipt.success).toBe(true)
    const calls = frame.requests.filter((request) => request.name === 'RPC_REQUEST')
    expect(calls.map((call) => (call.payload as { method: string }).method)).toEqual([
      'eth_sendTransaction',
    ])
  })

  it("turns the frame's Reject into the wallets' UserRejectedError", async () => {
    const signer = await devnetAccount()
    const { embedded, evm } = setup(signer, frameWithKey(signer, { reject: true }))
    await embedded.connectOtp('123456')
    await expect(evm.signMessage('Hello')).rejects.toBeInstanceOf(UserRejectedError)
  })

  it('signs out in the frame on disconnect and forgets the session', async () => {
    const signer = await devnetAccount()
    const { embedded, evm, frame, storage, account } = setup(signer, frameWithKey(signer))
    await embedded.connectOtp('123456')
    await evm.disconnect()
    expect(frame.requests.at(-1)?.name).toBe('SIGN_OUT')
    expect(evm.connection.get().status).toBe('disconnected')
    expect(storage.getItem(STORAGE_KEYS.connectedConnectorId('eip155'))).toBeUndefined()
    expect(embedded.state.get()).toMatchObject({ step: 'idle', user: undefined })
    expect(account.get().status).not.toBe('connected')
  })

  it('restores a stored session on reconnect, without a code', async () => {
    const signer = await devnetAccount()
    const { evm, storage, frame } = setup(signer, frameWithKey(signer, { session: true }))
    storage.setItem(STORAGE_KEYS.connectedConnectorId('eip155'), EMBEDDED_CONNECTOR_ID)
    await evm.reconnect()
    await vi.waitFor(() =>
      expect(evm.connection.get()).toMatchObject({
        status: 'connected',
        address: signer.account.address,
      }),
    )
    expect(frame.requests.map((request) => request.name)).not.toContain('CONNECT_OTP')
  })

  it('ends up disconnected, with nothing shown, when the stored session is gone', async () => {
    const signer = await devnetAccount()
    const { evm, storage, raised, frame } = setup(signer, frameWithKey(signer, { session: false }))
    storage.setItem(STORAGE_KEYS.connectedConnectorId('eip155'), EMBEDDED_CONNECTOR_ID)
    await evm.reconnect()
    // The frame is asked, answers no session, and the stored choice goes.
    await vi.waitFor(() => {
      expect(frame.requests.map((request) => request.name)).toContain('IS_CONNECTED')
      expect(storage.getItem(STORAGE_KEYS.connectedConnectorId('eip155'))).toBeUndefined()
    })
    expect(evm.connection.get().status).toBe('disconnected')
    expect(raised).toEqual([])
  })

  it("disconnects with 'Session Expired' when the frame says the session is gone", async () => {
    const signer = await devnetAccount()
    const { embedded, evm, frame, raised } = setup(signer, frameWithKey(signer))
    await embedded.connectOtp('123456')
    frame.emit('SESSION_EXPIRED', {})
    expect(evm.connection.get().status).toBe('disconnected')
    expect(raised).toEqual([KNOWN_ALERTS.sessionExpired])
  })

  it('does not load the frame at start without a stored session', async () => {
    const signer = await devnetAccount()
    const { evm, frame } = setup(signer, frameWithKey(signer, { session: true }))
    await evm.reconnect()
    // wagmi's start-up has asked every connector and found no session.
    await vi.waitFor(() => expect(evm.wagmiConfig.state.status).toBe('disconnected'))
    expect(evm.connection.get().status).toBe('disconnected')
    expect(frame.requests).toEqual([])
  })
})

describe('the embedded connector: the smart account and the owner EOA', () => {
  const SMART = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

  /** A frame whose user has a smart account (not deployed until `deploy()`) and the EOA. */
  function smartFrame(signer: Signer) {
    let preferred: 'eoa' | 'smartAccount' = 'smartAccount'
    let deployed = false
    const userNow = (): ConnectedUser => ({
      ...userOf(signer),
      accounts: [
        { namespace: 'eip155', address: SMART, type: 'smartAccount' },
        { namespace: 'eip155', address: signer.account.address, type: 'eoa' },
      ],
      address: preferred === 'smartAccount' ? SMART : signer.account.address,
      preferredAccountType: preferred,
      smartAccountDeployed: deployed,
    })
    const handlers: FrameHandlers = {
      ...frameWithKey(signer),
      CONNECT_OTP: () => userNow(),
      GET_USER: (payload: FrameRequests['GET_USER']['payload']) => {
        if (payload.preferredAccountType) preferred = payload.preferredAccountType
        return userNow()
      },
      SET_PREFERRED_ACCOUNT: ({ type }: FrameRequests['SET_PREFERRED_ACCOUNT']['payload']) => {
        preferred = type
        return userNow()
      },
      RPC_REQUEST: () => {
        deployed = true
        return `0x${'12'.repeat(32)}`
      },
      ESTIMATE_FEE: () => ({ gas: '400000', maxFeePerGas: '2000000000' }),
    }
    return handlers
  }

  it("connects as the smart account, then switches to the EOA and back: wagmi's address follows", async () => {
    const signer = await devnetAccount()
    const { embedded, evm, account } = setup(signer, smartFrame(signer))
    await embedded.connectOtp('123456')
    expect(evm.connection.get()).toMatchObject({ status: 'connected', address: SMART })
    expect(account.get()).toMatchObject({
      preferredAccountTypes: { eip155: 'smartAccount' },
      smartAccountDeployed: false,
      allAccounts: [
        { namespace: 'eip155', address: SMART, type: 'smartAccount' },
        { namespace: 'eip155', address: signer.account.address, type: 'eoa' },
      ],
    })
    const connector = evm.wagmiConfig.connectors.find(
      (candidate) => candidate.id === EMBEDDED_CONNECTOR_ID,
    ) as unknown as EmbeddedConnectorProperties
    await connector.setPreferredAccountType('eoa')
    expect(evm.connection.get()).toMatchObject({ address: signer.account.address })
    expect(account.get().preferredAccountTypes).toEqual({ eip155: 'eoa' })
    await connector.setPreferredAccountType('smartAccount')
    expect(evm.connection.get()).toMatchObject({ address: SMART })
  })

  it("hands the frame the visitor's stored choice when it connects", async () => {
    const signer = await devnetAccount()
    const { embedded, evm, storage, frame } = setup(signer, smartFrame(signer))
    storage.setJson(STORAGE_KEYS.preferredAccountTypes, { eip155: 'eoa' })
    await embedded.connectOtp('123456')
    expect(frame.requests.find((request) => request.name === 'GET_USER')?.payload).toEqual({
      preferredAccountType: 'eoa',
    })
    expect(evm.connection.get()).toMatchObject({ address: signer.account.address })
  })

  it('reads the user again once a transaction of an undeployed smart account landed', async () => {
    const signer = await devnetAccount()
    const { embedded, evm, account } = setup(signer, smartFrame(signer))
    await embedded.connectOtp('123456')
    expect(account.get().smartAccountDeployed).toBe(false)
    await evm.sendTransaction({ to: signer.account.address, value: 1n })
    await vi.waitFor(() => expect(account.get().smartAccountDeployed).toBe(true))
  })

  it("costs a send from the smart account as the wallet's user operation, and the EOA's on the chain", async () => {
    const signer = await devnetAccount()
    const { embedded, evm, frame } = setup(signer, smartFrame(signer))
    await embedded.connectOtp('123456')
    const transfer = { to: signer.account.address, value: 1n, chainId: signer.chain.id }
    expect(await evm.estimateFee({ ...transfer, from: SMART })).toEqual({
      gas: 400_000n,
      maxFeePerGas: 2_000_000_000n,
    })
    expect(frame.requests.at(-1)).toMatchObject({
      name: 'ESTIMATE_FEE',
      payload: { transaction: { from: SMART, value: '0x1' }, chainId: signer.chain.id },
    })
    const asked = frame.requests.length
    const plain = await evm.estimateFee({ ...transfer, from: signer.account.address })
    expect(plain.gas).toBe(21_000n)
    expect(frame.requests).toHaveLength(asked)
  })

  it("shows the frame's notice of a fee the site did not pay", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const signer = await devnetAccount()
      const { embedded, frame, snackbar } = setup(signer, smartFrame(signer))
      await embedded.connectOtp('123456')
      frame.emit('NOTICE', { message: 'This site is not paying for this transaction.' })
      await vi.advanceTimersByTimeAsync(200)
      expect(snackbar.state.get()).toMatchObject({
        open: true,
        message: 'This site is not paying for this transaction.',
      })
    } finally {
      vi.useRealTimers()
    }
  })
})
