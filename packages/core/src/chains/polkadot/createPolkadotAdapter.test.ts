import { toSs58Prefix } from '@latch/protocol/polkadot'
import { fakePolkadotPage } from '@latch/test-wallet/polkadot-page'
import { hexToU8a, u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { UserRejectedError } from '../../errors.ts'
import { createMemoryStorage, createStorage } from '../../storage/index.ts'
import { createPolkadotAdapter } from './createPolkadotAdapter.ts'
import type { SignerPayloadJson } from './injected.ts'
import { definePolkadotNetwork } from './network.ts'
import type { PolkadotServer } from './server.ts'

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
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'
const ACCOUNTS = [
  { seed: '//Alice', name: 'Alice' },
  { seed: '//Bob', name: 'Bob' },
]

/** A payload of the server's shape, for the wallet to sign (Asset Hub's signed extensions). */
const payloadFor = (address: string): SignerPayloadJson => ({
  address,
  blockHash: `0x${'22'.repeat(32)}`,
  blockNumber: '0x00000010',
  era: '0x0500',
  genesisHash: `0x${'11'.repeat(32)}`,
  method: '0x0a03',
  nonce: '0x00000000',
  signedExtensions: [
    'CheckSpecVersion',
    'CheckTxVersion',
    'CheckGenesis',
    'CheckMortality',
    'CheckNonce',
    'CheckWeight',
    'ChargeAssetTxPayment',
  ],
  specVersion: '0x00000001',
  tip: '0x00',
  transactionVersion: '0x00000001',
  version: 4,
})

/** The server as the adapter sees it, recording what it was asked. */
function recordingServer() {
  const calls: { route: string; body: unknown }[] = []
  const server: PolkadotServer = {
    balance: async () => ({
      balances: [
        {
          name: 'Rococo',
          symbol: 'ROC',
          chainId: DEVNET.caipNetworkId,
          value: 0,
          price: 0,
          quantity: { decimals: '12', numeric: '1.5' },
          iconUrl: '',
        },
      ],
    }),
    buildTransfer: async (request) => {
      calls.push({ route: 'transfer', body: request })
      return { payload: payloadFor(request.from), fee: 1_000_000n, existentialDeposit: 33_333_333n }
    },
    submit: async (request) => {
      calls.push({ route: 'submit', body: request })
      return `0x${'ab'.repeat(32)}`
    },
    status: async () => ({ status: 'included', blockNumber: 3, success: true }),
  }
  return { server, calls }
}

async function setUp(
  options: { extension?: 'talisman' | 'nova'; storage?: ReturnType<typeof createStorage> } = {},
) {
  const page = await fakePolkadotPage({
    accounts: ACCOUNTS,
    ...(options.extension ? { extension: options.extension } : {}),
  })
  const storage = options.storage ?? createStorage({ storage: createMemoryStorage() })
  const { server, calls } = recordingServer()
  const adapter = (networks = [DEVNET, RELAY]) =>
    createPolkadotAdapter({
      networks,
      scope: page.window,
      storage,
      appName: 'Latch Demo',
      iconOf: (slug) => `https://latch.example/icons/${slug}`,
      server,
      reconnectWaitMs: 200,
    })
  return { page, storage, calls, adapter }
}

describe('Polkadot adapter', () => {
  it('lists the extensions in injectedWeb3 by name, with the catalogue icon', async () => {
    const { adapter } = await setUp({ extension: 'talisman' })
    expect(adapter().wallets.get()).toEqual([
      {
        id: 'talisman',
        name: 'Talisman',
        icon: 'https://latch.example/icons/talisman',
        rdns: undefined,
        kind: 'announced',
      },
    ])
  })

  it("lists Nova Wallet's browser as Nova Wallet, not polkadot{.js}", async () => {
    const { adapter } = await setUp({ extension: 'nova' })
    expect(
      adapter()
        .wallets.get()
        .map(({ id, name }) => ({ id, name })),
    ).toEqual([{ id: 'nova', name: 'Nova Wallet' }])
  })

  it('connects the first account by its address in the network prefix, with every account named', async () => {
    const { adapter, page } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    expect(polkadot.connection.get()).toMatchObject({
      status: 'connected',
      address: ALICE,
      caipAddress: `${DEVNET.caipNetworkId}:${ALICE}`,
      wallet: { name: 'Polkadot.js' },
    })
    expect(polkadot.accounts?.get()).toEqual([
      { address: ALICE, purpose: 'eoa', name: 'Alice' },
      { address: BOB, purpose: 'eoa', name: 'Bob' },
    ])
    // The site asked by its name.
    expect(page.core.requests[0]).toMatchObject({
      method: 'enable',
      params: [{ appName: 'Latch Demo' }],
    })
  })

  it("shows the addresses in another network's prefix after a switch", async () => {
    const { adapter } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    await polkadot.switchNetwork(RELAY.caipNetworkId)
    const relayAlice = toSs58Prefix(ALICE, 0) as string
    expect(relayAlice.startsWith('1')).toBe(true)
    expect(polkadot.connection.get()).toMatchObject({
      address: relayAlice,
      caipAddress: `${RELAY.caipNetworkId}:${relayAlice}`,
    })
  })

  it('makes another account active, and a reload comes back on it', async () => {
    const { adapter, storage } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    polkadot.selectAccount?.(BOB)
    expect(polkadot.connection.get()).toMatchObject({ address: BOB })
    const reloaded = adapter()
    expect(reloaded.connection.get().status).toBe('disconnected')
    await reloaded.reconnect()
    expect(reloaded.connection.get()).toMatchObject({ status: 'connected', address: BOB })
    expect(storage.getItem('@latch/connected_connector_id:polkadot')).toBe('polkadot-js')
  })

  it('a declined connection leaves it disconnected, as a UserRejectedError', async () => {
    const { adapter, page } = await setUp()
    const polkadot = adapter()
    page.core.rejectNext('enable')
    await expect(polkadot.connect('polkadot-js')).rejects.toBeInstanceOf(UserRejectedError)
    expect(polkadot.connection.get()).toEqual({ status: 'disconnected' })
  })

  it('reconnects nothing when the extension no longer allows the site', async () => {
    const { adapter, page } = await setUp()
    await adapter().connect('polkadot-js')
    await page.core.disconnect()
    page.core.rejectNext('enable')
    const reloaded = adapter()
    await reloaded.reconnect()
    expect(reloaded.connection.get()).toEqual({ status: 'disconnected' })
  })

  it('ends the session when the extension takes the accounts away', async () => {
    const { adapter, page } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    await expect
      .poll(() => page.core.requests.filter((r) => r.method === 'accounts').length)
      .toBe(2)
    await page.core.disconnect()
    expect(polkadot.connection.get()).toEqual({ status: 'disconnected' })
  })

  it('signs a message with signRaw, wrapped in <Bytes> by the extension', async () => {
    const { adapter } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    const signature = await polkadot.signMessage('Sign in to Latch')
    const message = new TextEncoder().encode('Sign in to Latch')
    expect(signatureVerify(u8aWrapBytes(message), signature, ALICE).isValid).toBe(true)
  })

  it('a declined signature is a UserRejectedError and the connection stays', async () => {
    const { adapter, page } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    page.core.rejectNext('signRaw')
    await expect(polkadot.signMessage('hi')).rejects.toBeInstanceOf(UserRejectedError)
    expect(polkadot.connection.get()).toMatchObject({ status: 'connected', address: ALICE })
  })

  it("sends: the server builds, the extension signs the server's payload, the server submits", async () => {
    const { adapter, calls } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    const sent = await polkadot.sendTransfer({ to: BOB, amount: 2_000_000_000n })
    expect(sent).toEqual({ id: `0x${'ab'.repeat(32)}`, caipNetworkId: DEVNET.caipNetworkId })
    expect(calls[0]).toEqual({
      route: 'transfer',
      body: { caipNetworkId: DEVNET.caipNetworkId, from: ALICE, to: BOB, amount: 2_000_000_000n },
    })
    const submitted = calls[1]?.body as { payload: SignerPayloadJson; signature: string }
    expect(submitted.payload).toEqual(payloadFor(ALICE))
    expect(hexToU8a(submitted.signature)[0]).toBe(1)
    expect(await polkadot.waitForTransfer(sent)).toEqual({ success: true })
  })

  it('tells the fee and the existential deposit of a transfer before anything is signed', async () => {
    const { adapter, page } = await setUp()
    const polkadot = adapter()
    await polkadot.connect('polkadot-js')
    expect(await polkadot.transferFee?.({ to: BOB, amount: 1n })).toEqual({
      fee: 1_000_000n,
      exact: true,
      existentialDeposit: 33_333_333n,
    })
    expect(page.core.requests.some((request) => request.method === 'signPayload')).toBe(false)
  })

  it('reads the balance in planck from the server', async () => {
    const { adapter } = await setUp()
    expect(await adapter().getBalance(`${DEVNET.caipNetworkId}:${ALICE}`)).toEqual({
      value: 1_500_000_000_000n,
      decimals: 12,
      symbol: 'ROC',
    })
  })
})
