import type { CaipNetworkId } from '@latch/protocol/caip'
import type { EmbeddedAccount } from '@latch/protocol/frame'
import { describe, expect, it } from 'vitest'
import { createAccountController } from '../account/index.ts'
import type { ChainConnection, WalletOption } from '../chains/connection.ts'
import { createSolanaAdapter } from '../chains/solana/createSolanaAdapter.ts'
import { defineSolanaNetwork } from '../chains/solana/network.ts'
import type { ChainAdapter } from '../chains/types.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { linkSolanaAccount } from './linkSolanaAccount.ts'
import { browserWallet, connectedTo } from './testStores.ts'

const LOCAL = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})
const DEVNET = defineSolanaNetwork({
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
})
const SOL_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

const walletConnectWallet: WalletOption = {
  id: 'walletConnect',
  name: 'Phone Wallet',
  icon: undefined,
  rdns: undefined,
  kind: 'walletConnect',
}
const embeddedWallet: WalletOption = {
  id: 'embedded',
  name: 'Email',
  icon: undefined,
  rdns: undefined,
  kind: 'injected',
}

function setup() {
  const evm = createStore<{ current: ChainConnection }>({ current: { status: 'disconnected' } })
  const solana = createSolanaAdapter({
    networks: [LOCAL, DEVNET],
    wallets: { get: () => [], on: () => () => {} },
    storage: createStorage({ storage: createMemoryStorage() }),
    balance: async () => ({ balances: [] }),
    rpc: async () => {
      throw new Error('no RPC in these tests')
    },
  })
  let loaded: ChainAdapter | undefined
  const account = createAccountController('eip155')
  let wcSolana: { address: string; chains: string[]; methods: string[] } | undefined
  // The session's namespaces: both unless a test settles Solana alone.
  let wcNamespaces = ['eip155', 'solana']
  const wcListeners = new Set<() => void>()
  let wcEnded = 0
  const wcCalls: { method: string; chain: string }[] = []
  const user = createStore<{ user?: { accounts: EmbeddedAccount[] } | undefined }>({})
  const frameCalls: { method: string; params: unknown; caipNetworkId: string }[] = []
  const rule = linkSolanaAccount({
    evm: {
      get: () => evm.get().current,
      subscribe: (listener) =>
        evm.subscribe((state, previous) => listener(state.current, previous.current)),
    },
    solana: () => loaded,
    account,
    walletConnect: {
      id: 'walletConnect',
      solanaAccount: () => wcSolana,
      namespaces: () => (wcSolana ? wcNamespaces : []),
      peer: () => ({ name: 'Phone Wallet', icon: 'https://wallet.example/icon.png' }),
      onSolanaAccountChange: (listener) => {
        wcListeners.add(listener)
        return () => wcListeners.delete(listener)
      },
      endSession: async () => {
        wcEnded++
        wcSolana = undefined
        for (const listener of wcListeners) listener()
      },
      request: async (call, chain) => {
        wcCalls.push({ method: call.method, chain })
        return { signature: '1'.repeat(64) }
      },
    },
    embedded: {
      id: 'embedded',
      state: user,
      solanaRequest: async (call, caipNetworkId) => {
        frameCalls.push({ method: call.method, params: call.params, caipNetworkId })
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      },
    },
  })
  const connectEvm = (wallet: WalletOption) =>
    evm.set({ current: { ...connectedTo(31337), wallet } as ChainConnection })
  return {
    evm,
    solana,
    account,
    user,
    wcCalls,
    frameCalls,
    connectEvm,
    disconnectEvm: () => evm.set({ current: { status: 'disconnected' } }),
    setWcSolana: (value: typeof wcSolana) => {
      wcSolana = value
    },
    /** The session as the wallet settles or updates it, told to the rule as the connector does. */
    settleWc: (value: typeof wcSolana, namespaces = ['solana']) => {
      wcSolana = value
      wcNamespaces = namespaces
      for (const listener of wcListeners) listener()
    },
    wcEnded: () => wcEnded,
    loadSolana: () => {
      loaded = solana
      rule.sync()
    },
  }
}

describe('linking the Solana account of a WalletConnect session or the embedded wallet', () => {
  it('a WalletConnect session that approved solana connects the Solana family on its chain, and its disconnect ends it', async () => {
    const t = setup()
    t.loadSolana()
    t.setWcSolana({
      address: SOL_ADDRESS,
      chains: [DEVNET.caipNetworkId],
      methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
    })
    t.connectEvm(walletConnectWallet)
    expect(t.solana.connection.get()).toEqual({
      status: 'connected',
      address: SOL_ADDRESS,
      caipNetworkId: DEVNET.caipNetworkId,
      caipAddress: `${DEVNET.caipNetworkId}:${SOL_ADDRESS}`,
      wallet: walletConnectWallet,
    })
    // Messages go to the wallet through the session, on the Solana chain.
    await t.solana.signMessage('hello')
    expect(t.wcCalls).toEqual([{ method: 'solana_signMessage', chain: DEVNET.caipNetworkId }])
    t.disconnectEvm()
    expect(t.solana.connection.get()).toEqual({ status: 'disconnected' })
  })

  it('a session the wallet approved for Solana alone connects the Solana family with no EVM connection, and its disconnect ends the session', async () => {
    const t = setup()
    t.loadSolana()
    t.settleWc({ address: SOL_ADDRESS, chains: [LOCAL.caipNetworkId], methods: [] })
    expect(t.evm.get().current.status).toBe('disconnected')
    expect(t.solana.connection.get()).toEqual({
      status: 'connected',
      address: SOL_ADDRESS,
      caipNetworkId: LOCAL.caipNetworkId,
      caipAddress: `${LOCAL.caipNetworkId}:${SOL_ADDRESS}`,
      // No EVM connection names the wallet: the session's peer does.
      wallet: { ...walletConnectWallet, icon: 'https://wallet.example/icon.png' },
    })
    await t.solana.disconnect()
    expect(t.wcEnded()).toBe(1)
    expect(t.solana.connection.get()).toEqual({ status: 'disconnected' })
    // A new session of the same account links it again.
    t.settleWc({ address: SOL_ADDRESS, chains: [LOCAL.caipNetworkId], methods: [] })
    expect(t.solana.connection.get().status).toBe('connected')
  })

  it('a session approving both namespaces waits for its EVM side; disconnecting Solana then leaves the session to EVM', async () => {
    const t = setup()
    t.loadSolana()
    t.settleWc({ address: SOL_ADDRESS, chains: [LOCAL.caipNetworkId], methods: [] }, [
      'eip155',
      'solana',
    ])
    expect(t.solana.connection.get().status).toBe('disconnected')
    t.connectEvm(walletConnectWallet)
    expect(t.solana.connection.get()).toMatchObject({ status: 'connected', address: SOL_ADDRESS })
    await t.solana.disconnect()
    expect(t.wcEnded()).toBe(0)
  })

  it('follows another Solana account the wallet tells, with or without an EVM side, on the network in use', async () => {
    const other = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
    const chains = [LOCAL.caipNetworkId, DEVNET.caipNetworkId]
    for (const namespaces of [['solana'], ['eip155', 'solana']]) {
      const t = setup()
      t.loadSolana()
      t.settleWc({ address: SOL_ADDRESS, chains, methods: [] }, namespaces)
      if (namespaces.includes('eip155')) t.connectEvm(walletConnectWallet)
      expect(t.solana.connection.get()).toMatchObject({ address: SOL_ADDRESS })
      await t.solana.switchNetwork(DEVNET.caipNetworkId as CaipNetworkId)
      t.settleWc({ address: other, chains, methods: [] }, namespaces)
      expect(t.solana.connection.get()).toMatchObject({
        status: 'connected',
        caipAddress: `${DEVNET.caipNetworkId}:${other}`,
      })
    }
  })

  it('a WalletConnect session without solana, or a browser wallet, links nothing', () => {
    const t = setup()
    t.loadSolana()
    t.connectEvm(walletConnectWallet)
    expect(t.solana.connection.get().status).toBe('disconnected')
    t.setWcSolana({ address: SOL_ADDRESS, chains: [LOCAL.caipNetworkId], methods: [] })
    t.connectEvm(browserWallet)
    expect(t.solana.connection.get().status).toBe('disconnected')
  })

  it('a session connected before the Solana family loaded is linked once it loads', () => {
    const t = setup()
    t.setWcSolana({ address: SOL_ADDRESS, chains: [LOCAL.caipNetworkId], methods: [] })
    t.connectEvm(walletConnectWallet)
    expect(t.solana.connection.get().status).toBe('disconnected')
    t.loadSolana()
    expect(t.solana.connection.get()).toMatchObject({
      status: 'connected',
      caipAddress: `${LOCAL.caipNetworkId}:${SOL_ADDRESS}`,
    })
  })

  it('the embedded user’s Solana account connects as an eoa on every network of the site, asks the frame with the network, and sign-out ends it', async () => {
    const t = setup()
    t.loadSolana()
    t.user.set({
      user: {
        accounts: [
          {
            namespace: 'eip155',
            address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            type: 'eoa',
          },
          { namespace: 'solana', address: SOL_ADDRESS, type: 'eoa' },
        ],
      },
    })
    t.connectEvm(embeddedWallet)
    expect(t.solana.connection.get()).toMatchObject({
      status: 'connected',
      address: SOL_ADDRESS,
      caipNetworkId: LOCAL.caipNetworkId,
      wallet: embeddedWallet,
    })
    expect(t.account.get('solana').preferredAccountTypes.solana).toBe('eoa')
    await t.solana.switchNetwork(DEVNET.caipNetworkId as CaipNetworkId)
    expect(t.solana.connection.get()).toMatchObject({ caipNetworkId: DEVNET.caipNetworkId })
    const declined = await t.solana.signMessage('hi').catch((error: Error) => error.name)
    expect(declined).toBe('UserRejectedError')
    expect(t.frameCalls).toEqual([
      {
        method: 'solana_signMessage',
        params: { message: '8wr', pubkey: SOL_ADDRESS },
        caipNetworkId: DEVNET.caipNetworkId,
      },
    ])
    // Signing out: the frame reports no user, then the EVM side disconnects.
    t.user.set({ user: undefined })
    expect(t.solana.connection.get().status).toBe('disconnected')
    t.disconnectEvm()
    expect(t.solana.connection.get().status).toBe('disconnected')
  })
})
