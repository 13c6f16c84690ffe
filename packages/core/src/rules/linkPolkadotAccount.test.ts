import { toSs58Prefix } from '@latch/protocol/polkadot'
import { createPolkadotRequestHandler, polkadotPair } from '@latch/test-wallet/walletconnect'
import { u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import type { ChainConnection, WalletOption } from '../chains/connection.ts'
import { createPolkadotAdapter } from '../chains/polkadot/createPolkadotAdapter.ts'
import type { SignerPayloadJson } from '../chains/polkadot/injected.ts'
import { definePolkadotNetwork } from '../chains/polkadot/network.ts'
import { UserRejectedError } from '../errors.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { linkPolkadotAccount } from './linkPolkadotAccount.ts'
import { connectedTo } from './testStores.ts'

const DEVNET = definePolkadotNetwork({
  caipNetworkId: 'polkadot:00000000000000000000000000000042',
  name: 'Latch Polkadot',
  ss58Prefix: 42,
  nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
})
const RELAY = definePolkadotNetwork({
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  name: 'Polkadot',
  ss58Prefix: 0,
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
})
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const METHODS = ['polkadot_signTransaction', 'polkadot_signMessage']

const walletConnectWallet: WalletOption = {
  id: 'walletConnect',
  name: 'Phone Wallet',
  icon: undefined,
  rdns: undefined,
  kind: 'walletConnect',
}

/** A payload of the server's shape for the wallet to sign. */
const payloadFor = (address: string): SignerPayloadJson => ({
  address,
  blockHash: `0x${'22'.repeat(32)}`,
  blockNumber: '0x00000010',
  era: '0x0500',
  genesisHash: `0x${'11'.repeat(32)}`,
  method: '0x0a03',
  nonce: '0x00000000',
  signedExtensions: ['CheckSpecVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce'],
  specVersion: '0x00000001',
  tip: '0x00',
  transactionVersion: '0x00000001',
  version: 4,
})

/**
 * The Polkadot family and a WalletConnect session (the EVM connection it may go through, its
 * namespaces) whose polkadot_* calls the Node test wallet signs with Bob's key.
 */
async function setUp() {
  const evm = createStore<{ current: ChainConnection }>({ current: { status: 'disconnected' } })
  const pair = await polkadotPair({ suri: '//Bob' })
  let decision: 'approve' | 'reject' = 'approve'
  const wallet = createPolkadotRequestHandler({ pair, decide: () => decision })
  const calls: { method: string; params: unknown; chain: string }[] = []
  const submitted: unknown[] = []
  const polkadot = createPolkadotAdapter({
    networks: [DEVNET, RELAY],
    scope: undefined,
    storage: createStorage({ storage: createMemoryStorage() }),
    appName: 'Latch Demo',
    iconOf: () => undefined,
    server: {
      balance: async () => ({ balances: [] }),
      buildTransfer: async (request) => ({
        payload: payloadFor(request.from),
        fee: 1_000_000n,
        existentialDeposit: 33_333_333n,
      }),
      submit: async (request) => {
        submitted.push(request)
        return `0x${'ab'.repeat(32)}`
      },
      status: async () => ({ status: 'included', blockNumber: 3, success: true }),
    },
  })
  let account: { address: string; chains: string[]; methods: string[] } | undefined
  let namespaces = ['eip155', 'polkadot']
  const listeners = new Set<() => void>()
  let ended = 0
  const tell = () => {
    for (const listener of listeners) listener()
  }
  linkPolkadotAccount({
    evm: {
      get: () => evm.get().current,
      subscribe: (listener) =>
        evm.subscribe((state, previous) => listener(state.current, previous.current)),
    },
    polkadot: () => polkadot,
    walletConnect: {
      id: 'walletConnect',
      polkadotAccount: () => account,
      namespaces: () => (account ? namespaces : []),
      peer: () => ({ name: 'Phone Wallet' }),
      onPolkadotAccountChange: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      endSession: async () => {
        ended++
        account = undefined
        tell()
      },
      request: async (call, chain) => {
        calls.push({ ...call, chain })
        return wallet(call.method, call.params)
      },
    },
  })
  return {
    evm,
    polkadot,
    calls,
    submitted,
    ended: () => ended,
    decline: () => {
      decision = 'reject'
    },
    approve(settled: { address: string; chains: string[] }, only?: 'polkadot') {
      account = { ...settled, methods: METHODS }
      namespaces = only ? ['polkadot'] : ['eip155', 'polkadot']
      tell()
    },
  }
}

/** The EVM family connected (through WalletConnect in the test that sets its wallet). */
const evmConnected = connectedTo(31337) as Extract<ChainConnection, { status: 'connected' }>

describe('linkPolkadotAccount', () => {
  it("a session with eip155 and polkadot: the Polkadot family connects with the session's account once EVM connects, and ends with it", async () => {
    const { evm, polkadot, approve } = await setUp()
    approve({ address: BOB, chains: [DEVNET.caipNetworkId] })
    // Not before EVM holds the session.
    expect(polkadot.connection.get().status).toBe('disconnected')
    evm.set({ current: { ...evmConnected, wallet: walletConnectWallet } })
    expect(polkadot.connection.get()).toEqual({
      status: 'connected',
      address: BOB,
      caipNetworkId: DEVNET.caipNetworkId,
      caipAddress: `${DEVNET.caipNetworkId}:${BOB}`,
      wallet: walletConnectWallet,
    })
    expect(polkadot.accounts?.get()).toEqual([{ address: BOB, purpose: 'eoa' }])
    evm.set({ current: { status: 'disconnected' } })
    expect(polkadot.connection.get().status).toBe('disconnected')
  })

  it("a session of Polkadot alone connects on its own, in each network's SS58 prefix, and disconnecting ends the session", async () => {
    const { polkadot, approve, ended } = await setUp()
    approve({ address: BOB, chains: [DEVNET.caipNetworkId, RELAY.caipNetworkId] }, 'polkadot')
    expect(polkadot.connection.get()).toMatchObject({
      status: 'connected',
      address: BOB,
      wallet: { id: 'walletConnect', name: 'Phone Wallet', kind: 'walletConnect' },
    })
    await polkadot.switchNetwork(RELAY.caipNetworkId)
    const relayAddress = toSs58Prefix(BOB, 0) as string
    expect(relayAddress.startsWith('1')).toBe(true)
    expect(polkadot.connection.get()).toMatchObject({
      address: relayAddress,
      caipAddress: `${RELAY.caipNetworkId}:${relayAddress}`,
    })
    await polkadot.disconnect()
    expect(ended()).toBe(1)
    expect(polkadot.connection.get().status).toBe('disconnected')
  })

  it('a network the wallet did not approve is refused', async () => {
    const { polkadot, approve } = await setUp()
    approve({ address: BOB, chains: [DEVNET.caipNetworkId] }, 'polkadot')
    await expect(polkadot.switchNetwork(RELAY.caipNetworkId)).rejects.toThrow(
      'Phone Wallet has no polkadot:91b171bb158e2d3848fa23a9f1c25182',
    )
  })

  it('follows another account the wallet tells', async () => {
    const { polkadot, approve } = await setUp()
    approve({ address: BOB, chains: [DEVNET.caipNetworkId] }, 'polkadot')
    approve({ address: ALICE, chains: [DEVNET.caipNetworkId] }, 'polkadot')
    expect(polkadot.connection.get()).toMatchObject({ address: ALICE })
  })

  it('sends: the server-built payload goes out as polkadot_signTransaction, its signature is submitted', async () => {
    const { polkadot, approve, calls, submitted } = await setUp()
    approve({ address: BOB, chains: [DEVNET.caipNetworkId] }, 'polkadot')
    const sent = await polkadot.sendTransfer({ to: ALICE, amount: 10n ** 12n })
    expect(sent).toEqual({ id: `0x${'ab'.repeat(32)}`, caipNetworkId: DEVNET.caipNetworkId })
    expect(calls).toEqual([
      {
        method: 'polkadot_signTransaction',
        params: { address: BOB, transactionPayload: payloadFor(BOB) },
        chain: DEVNET.caipNetworkId,
      },
    ])
    const [submit] = submitted as { payload: SignerPayloadJson; signature: string }[]
    expect(submit?.payload).toEqual(payloadFor(BOB))
    // sr25519's type byte before the 64-byte signature, as the server expects.
    expect(submit?.signature).toMatch(/^0x01[0-9a-f]{128}$/)
  })

  it('signs a message with polkadot_signMessage; a decline reads as a rejection', async () => {
    const { polkadot, approve, calls, decline } = await setUp()
    approve({ address: BOB, chains: [DEVNET.caipNetworkId] }, 'polkadot')
    const signature = await polkadot.signMessage('Sign in to Latch')
    expect(calls.at(-1)).toEqual({
      method: 'polkadot_signMessage',
      params: { address: BOB, message: 'Sign in to Latch' },
      chain: DEVNET.caipNetworkId,
    })
    const wrapped = u8aWrapBytes(new TextEncoder().encode('Sign in to Latch'))
    expect(signatureVerify(wrapped, signature, BOB).isValid).toBe(true)
    decline()
    await expect(polkadot.signMessage('again')).rejects.toBeInstanceOf(UserRejectedError)
  })
})
