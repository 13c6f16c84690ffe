import { describe, expect, it } from 'vitest'
import type { WalletConnectProvider } from '../../../options/walletConnectClient.ts'
import type { WalletConnectConnectorOptions } from './connector.ts'
import {
  createWalletConnectSession,
  POLKADOT_METHODS,
  SOLANA_METHODS,
  solanaAccountOf,
} from './session.ts'

const LOCAL_SOLANA = 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8'
const SOL_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

type Namespaces = Record<string, { accounts: string[]; methods: string[] }>

/** A provider that records the proposal's namespaces and settles at once with `namespaces`. */
function provider(settled: Namespaces) {
  const proposals: unknown[] = []
  const requests: { call: unknown; chain: string | undefined }[] = []
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>()
  const fake = {
    session: undefined as unknown,
    client: { proposal: { getAll: () => [] }, core: { expirer: { set() {} } } },
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
    },
    off() {},
    /** What the universal provider emits as the wallet's messages arrive. */
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args)
    },
    async disconnect() {
      fake.session = undefined
    },
    async connect(params: { optionalNamespaces: unknown }) {
      proposals.push(params.optionalNamespaces)
      fake.session = { namespaces: settled, peer: { metadata: { name: 'Phone', icons: [] } } }
    },
    async request(call: unknown, chain?: string) {
      requests.push({ call, chain })
      return { signature: 'sig' }
    },
  }
  return {
    fake: fake as unknown as WalletConnectProvider,
    emit: fake.emit,
    update: (namespaces: Namespaces) => {
      fake.session = { ...(fake.session as object), namespaces }
      fake.emit('session_update', { topic: 'topic', params: { namespaces } })
    },
    proposals,
    requests,
  }
}

function sessionWith(
  fake: WalletConnectProvider,
  solanaChains?: string[],
  polkadotChains?: string[],
) {
  let stored = false
  let solanaChanges = 0
  const emitted: unknown[] = []
  const options: WalletConnectConnectorOptions = {
    load: async () => fake,
    rpcUrl: (id) => `http://gateway/${id}`,
    hasStoredSession: () => stored,
    setStoredSession: (value) => {
      stored = value
    },
    ...(solanaChains ? { solanaChains } : {}),
    ...(polkadotChains ? { polkadotChains } : {}),
  }
  const config = {
    chains: [{ id: 31337 }],
    emitter: { emit: (name: string, data: unknown) => void emitted.push({ name, data }) },
  }
  const session = createWalletConnectSession(config as never, options, {
    linkedChanged: () => {
      solanaChanges++
    },
  })
  return Object.assign(session, {
    stored: () => stored,
    solanaChanges: () => solanaChanges,
    emitted,
  })
}

const OTHER_SOL = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaOnly = (address = SOL_ADDRESS): Namespaces => ({
  solana: { accounts: [`${LOCAL_SOLANA}:${address}`], methods: SOLANA_METHODS },
})

describe('the WalletConnect session and the solana namespace', () => {
  it('proposes eip155 and, when the site has Solana networks, solana, both optional', async () => {
    const { fake, proposals } = provider({})
    await sessionWith(fake, [LOCAL_SOLANA]).pair(() => {})
    expect(proposals).toEqual([
      {
        eip155: expect.objectContaining({ chains: ['eip155:31337'] }),
        solana: { chains: [LOCAL_SOLANA], methods: SOLANA_METHODS, events: ['accountsChanged'] },
      },
    ])
  })

  it('an EVM-only site proposes eip155 alone', async () => {
    const { fake, proposals } = provider({})
    await sessionWith(fake).pair(() => {})
    expect(Object.keys(proposals[0] as object)).toEqual(['eip155'])
  })

  it('reads the approved Solana account and sends solana calls on the chain asked', async () => {
    const { fake, requests } = provider({
      solana: {
        accounts: [`${LOCAL_SOLANA}:${SOL_ADDRESS}`],
        methods: ['solana_signMessage', 'solana_signTransaction'],
      },
    })
    const session = sessionWith(fake, [LOCAL_SOLANA])
    expect(session.solanaAccount()).toBeUndefined()
    await session.pair(() => {})
    expect(session.solanaAccount()).toEqual({
      address: SOL_ADDRESS,
      chains: [LOCAL_SOLANA],
      methods: ['solana_signMessage', 'solana_signTransaction'],
    })
    const call = { method: 'solana_signMessage', params: { message: '8wr', pubkey: SOL_ADDRESS } }
    await session.request(call, LOCAL_SOLANA)
    expect(requests).toEqual([{ call, chain: LOCAL_SOLANA }])
  })

  it('maps a solana namespace to its account: the first address, its chains, the methods', () => {
    expect(solanaAccountOf(undefined)).toBeUndefined()
    expect(solanaAccountOf({ accounts: [], methods: [] })).toBeUndefined()
    expect(
      solanaAccountOf({
        accounts: [
          `${LOCAL_SOLANA}:${SOL_ADDRESS}`,
          `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${SOL_ADDRESS}`,
        ],
        methods: ['solana_signAndSendTransaction'],
      }),
    ).toEqual({
      address: SOL_ADDRESS,
      chains: [LOCAL_SOLANA, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
      methods: ['solana_signAndSendTransaction'],
    })
  })

  it('a session approved for Solana alone is kept for the next visit and tells Solana, but connects no EVM account', async () => {
    const { fake } = provider(solanaOnly())
    const session = sessionWith(fake, [LOCAL_SOLANA])
    await session.pair(() => {})
    expect(session.namespaces()).toEqual(['solana'])
    expect(session.stored()).toBe(true)
    expect(session.solanaChanges()).toBe(1)
    expect(session.solanaAccount()?.address).toBe(SOL_ADDRESS)
    await expect(session.connect({ isReconnecting: true })).rejects.toThrow(
      'The WalletConnect session holds no EVM account',
    )
    // Still kept: a reload restores the Solana side.
    expect(session.stored()).toBe(true)
  })

  it("follows the wallet's Solana account: accountsChanged on a Solana chain, then a session update", async () => {
    const { fake, emit, update } = provider(solanaOnly())
    const session = sessionWith(fake, [LOCAL_SOLANA])
    await session.pair(() => {})
    await session.connect({ isReconnecting: true }).catch(() => undefined)
    // The provider tells the event's accounts to its accountsChanged listeners without their
    // namespace, then the event itself.
    emit('accountsChanged', [OTHER_SOL])
    emit('session_event', {
      topic: 'topic',
      params: {
        chainId: LOCAL_SOLANA,
        event: { name: 'accountsChanged', data: [`${LOCAL_SOLANA}:${OTHER_SOL}`] },
      },
    })
    expect(session.solanaAccount()).toEqual({
      address: OTHER_SOL,
      chains: [LOCAL_SOLANA],
      methods: SOLANA_METHODS,
    })
    expect(session.solanaChanges()).toBe(2)
    // No EVM account in a base58 address: wagmi hears nothing.
    expect(session.emitted).toEqual([])
    // A session update lists the accounts again: its first is the wallet's.
    update(solanaOnly(SOL_ADDRESS))
    expect(session.solanaAccount()?.address).toBe(SOL_ADDRESS)
    expect(session.solanaChanges()).toBe(3)
  })

  it('an EVM accountsChanged still reaches wagmi; the wallet ending the session tells Solana and forgets it', async () => {
    const { fake, emit } = provider({
      eip155: { accounts: [`eip155:31337:${EVM_ADDRESS}`], methods: [] },
      ...solanaOnly(),
    })
    const session = sessionWith(fake, [LOCAL_SOLANA])
    await session.pair(() => {})
    emit('accountsChanged', [EVM_ADDRESS.toLowerCase()])
    expect(session.emitted).toEqual([])
    // Listened to once EVM connects.
    ;(fake as unknown as { request: () => Promise<unknown> }).request = async () => '0x7a69'
    await session.connect({ isReconnecting: true })
    emit('accountsChanged', [EVM_ADDRESS.toLowerCase()])
    expect(session.emitted).toEqual([{ name: 'change', data: { accounts: [EVM_ADDRESS] } }])
    const before = session.solanaChanges()
    emit('session_delete', { topic: 'topic' })
    expect(session.stored()).toBe(false)
    expect(session.solanaChanges()).toBe(before + 1)
  })
})

const LOCAL_POLKADOT = 'polkadot:67f9723393ef76214df0118c34bbbd3d'
const DOT_ADDRESS = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'
const OTHER_DOT = '5FLSigC9HGRKVhB9FiEo4Y3koPsNmBmLJbpXg2mp1hXcS59Y'

describe('the WalletConnect session and the polkadot namespace', () => {
  it('proposes polkadot beside eip155 and solana when the site has Polkadot networks, all optional', async () => {
    const { fake, proposals } = provider({})
    await sessionWith(fake, [LOCAL_SOLANA], [LOCAL_POLKADOT]).pair(() => {})
    expect(proposals).toEqual([
      {
        eip155: expect.objectContaining({ chains: ['eip155:31337'] }),
        solana: expect.objectContaining({ chains: [LOCAL_SOLANA] }),
        polkadot: {
          chains: [LOCAL_POLKADOT],
          methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
          events: ['accountsChanged'],
        },
      },
    ])
    expect(POLKADOT_METHODS).toEqual(['polkadot_signTransaction', 'polkadot_signMessage'])
  })

  it('reads the approved Polkadot account apart from the Solana one, and follows another account told', async () => {
    const { fake, emit, requests } = provider({
      polkadot: { accounts: [`${LOCAL_POLKADOT}:${DOT_ADDRESS}`], methods: POLKADOT_METHODS },
    })
    const session = sessionWith(fake, undefined, [LOCAL_POLKADOT])
    expect(session.linkedAccount('polkadot')).toBeUndefined()
    await session.pair(() => {})
    expect(session.namespaces()).toEqual(['polkadot'])
    expect(session.solanaAccount()).toBeUndefined()
    expect(session.linkedAccount('polkadot')).toEqual({
      address: DOT_ADDRESS,
      chains: [LOCAL_POLKADOT],
      methods: POLKADOT_METHODS,
    })
    const changes = session.solanaChanges()
    emit('session_event', {
      topic: 'topic',
      params: {
        chainId: LOCAL_POLKADOT,
        event: { name: 'accountsChanged', data: [`${LOCAL_POLKADOT}:${OTHER_DOT}`] },
      },
    })
    expect(session.linkedAccount('polkadot')?.address).toBe(OTHER_DOT)
    expect(session.solanaChanges()).toBe(changes + 1)
    const call = { method: 'polkadot_signMessage', params: { address: OTHER_DOT, message: 'hi' } }
    await session.request(call, LOCAL_POLKADOT)
    expect(requests).toEqual([{ call, chain: LOCAL_POLKADOT }])
  })
})
