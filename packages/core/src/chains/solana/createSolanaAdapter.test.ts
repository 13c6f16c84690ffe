import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58 } from '@latch/protocol/solana'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it } from 'vitest'
import { ChainNotSupportedError, UserRejectedError } from '../../errors.ts'
import { createMemoryStorage, createStorage, STORAGE_KEYS } from '../../storage/index.ts'
import { createSolanaAdapter, solanaWalletId } from './createSolanaAdapter.ts'
import { defineSolanaNetwork, solanaDevnet, solanaMainnet } from './network.ts'
import { createTestSolanaWallet } from './testSolanaWallet.fixture.ts'

const LOCAL = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})
const networks = [LOCAL, solanaDevnet, solanaMainnet]

const registered: (() => void)[] = []
const register = (wallet: Wallet) => registered.push(getWallets().register(wallet))
afterEach(() => {
  for (const unregister of registered.splice(0)) unregister()
})

function adapterWith(storage = createStorage({ storage: createMemoryStorage() })) {
  const adapter = createSolanaAdapter({
    networks,
    wallets: getWallets(),
    storage,
    balance: async () => ({ balances: [] }),
    rpc: async () => {
      throw new Error('no RPC in these tests')
    },
    reconnectWaitMs: 200,
  })
  return { adapter, storage }
}

const ed25519Verifies = (publicKey: Uint8Array, message: string, signature: Uint8Array) =>
  verify(
    null,
    Buffer.from(message),
    createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey]),
      format: 'der',
      type: 'spki',
    }),
    signature,
  )

describe('the Solana adapter', () => {
  it('lists the Wallet Standard wallets with a Solana chain, as they register and leave', () => {
    const { adapter } = adapterWith()
    const seen: string[][] = []
    adapter.wallets.subscribe((list) => seen.push(list.map((wallet) => wallet.name)))
    const solana = createTestSolanaWallet({ name: 'Sol Wallet', chains: [LOCAL.caipNetworkId] })
    register(solana)
    // A Wallet Standard wallet of another chain is not a Solana wallet.
    register({ ...createTestSolanaWallet({ name: 'Other', chains: ['sui:mainnet'] }) })
    expect(adapter.wallets.get()).toEqual([
      {
        id: 'wallet-standard:Sol Wallet',
        name: 'Sol Wallet',
        icon: solana.icon,
        rdns: undefined,
        kind: 'announced',
      },
    ])
    registered.shift()?.()
    expect(adapter.wallets.get()).toEqual([])
    expect(seen).toEqual([['Sol Wallet'], []])
  })

  it('connects on the network asked for, keeps the wallet for the next visit and signs in base58', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: ['solana:devnet'] })
    register(wallet)
    const { adapter, storage } = adapterWith()
    const statuses: string[] = []
    adapter.connection.subscribe((current) => statuses.push(current.status))

    await adapter.connect(solanaWalletId(wallet), { caipNetworkId: solanaDevnet.caipNetworkId })

    expect(statuses).toEqual(['connecting', 'connected'])
    expect(adapter.connection.get()).toMatchObject({
      status: 'connected',
      address: wallet.core.address,
      caipNetworkId: solanaDevnet.caipNetworkId,
      caipAddress: `${solanaDevnet.caipNetworkId}:${wallet.core.address}`,
      wallet: { name: 'Sol Wallet' },
    })
    expect(storage.getItem(STORAGE_KEYS.connectedConnectorId('solana'))).toBe(
      'wallet-standard:Sol Wallet',
    )
    const signature = decodeBase58(await adapter.signMessage('Hello from Latch'))
    expect(signature).toHaveLength(64)
    expect(
      ed25519Verifies(wallet.core.publicKey, 'Hello from Latch', signature as Uint8Array),
    ).toBe(true)
  })

  it('says a declined connect or signature was declined', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: [LOCAL.caipNetworkId] })
    register(wallet)
    const { adapter, storage } = adapterWith()
    wallet.core.rejectNext('standard:connect')
    await expect(adapter.connect(solanaWalletId(wallet))).rejects.toBeInstanceOf(UserRejectedError)
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    expect(storage.getItem(STORAGE_KEYS.connectedConnectorId('solana'))).toBeUndefined()

    await adapter.connect(solanaWalletId(wallet))
    wallet.core.rejectNext('solana:signMessage')
    await expect(adapter.signMessage('hi')).rejects.toBeInstanceOf(UserRejectedError)
  })

  it('reconnects silently after a reload while the wallet still approves the site', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: [LOCAL.caipNetworkId] })
    register(wallet)
    const first = adapterWith()
    await first.adapter.connect(solanaWalletId(wallet))
    const connectsBefore = wallet.core.requests.length

    // The page reloads: a new adapter over the same storage.
    const { adapter } = adapterWith(first.storage)
    const statuses: string[] = []
    adapter.connection.subscribe((current) => statuses.push(current.status))
    await adapter.reconnect()

    expect(statuses).toEqual(['reconnecting', 'connected'])
    expect(adapter.connection.get()).toMatchObject({ address: wallet.core.address })
    const asked = wallet.core.requests.slice(connectsBefore)
    expect(asked).toEqual([
      expect.objectContaining({ method: 'standard:connect', params: [{ silent: true }] }),
    ])
  })

  it('waits a moment for the wallet to register after a reload', async () => {
    const wallet = createTestSolanaWallet({ name: 'Late Wallet', chains: [LOCAL.caipNetworkId] })
    register(wallet)
    const first = adapterWith()
    await first.adapter.connect(solanaWalletId(wallet))
    registered.shift()?.()

    const { adapter } = adapterWith(first.storage)
    const reconnecting = adapter.reconnect()
    setTimeout(() => register(wallet), 20)
    await reconnecting
    expect(adapter.connection.get().status).toBe('connected')
  })

  it('ends the session on reload when the wallet revoked the site, and forgets it', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: [LOCAL.caipNetworkId] })
    register(wallet)
    const first = adapterWith()
    await first.adapter.connect(solanaWalletId(wallet))
    await wallet.core.disconnect()

    const { adapter, storage } = adapterWith(first.storage)
    await adapter.reconnect()
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    expect(storage.getItem(STORAGE_KEYS.connectedConnectorId('solana'))).toBeUndefined()
  })

  it('follows the wallet: no accounts any more is a disconnect', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: [LOCAL.caipNetworkId] })
    register(wallet)
    const { adapter, storage } = adapterWith()
    await adapter.connect(solanaWalletId(wallet))

    // The visitor revokes the site in the wallet: it emits `change` with no accounts.
    await wallet.core.disconnect()

    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    expect(storage.getItem(STORAGE_KEYS.connectedConnectorId('solana'))).toBeUndefined()
  })

  it('follows the wallet to another account it shows, and keeps the network in use', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: [LOCAL.caipNetworkId] })
    register(wallet)
    const { adapter } = adapterWith()
    await adapter.connect(solanaWalletId(wallet), { caipNetworkId: LOCAL.caipNetworkId })
    const [first] = wallet.accounts
    if (!first) throw new Error('the wallet shared no account')
    const other = { ...first, address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' }

    // The visitor picks another account in the wallet: it emits `change` with that one.
    wallet.announce([other])
    expect(adapter.connection.get()).toMatchObject({
      status: 'connected',
      address: other.address,
      caipAddress: `${LOCAL.caipNetworkId}:${other.address}`,
    })
    // A `change` of the chains only (no accounts) moves nothing.
    wallet.announce(undefined as never)
    expect(adapter.connection.get()).toMatchObject({ address: other.address })
  })

  it('disconnects through standard:disconnect', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: [LOCAL.caipNetworkId] })
    register(wallet)
    const { adapter } = adapterWith()
    await adapter.connect(solanaWalletId(wallet))
    await adapter.disconnect()
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    expect(wallet.core.stateFor('http://127.0.0.1:5173').approved).toBe(false)
  })

  it('switches among the networks the wallet has, and refuses one it lacks', async () => {
    const wallet = createTestSolanaWallet({
      name: 'Sol Wallet',
      chains: [LOCAL.caipNetworkId, 'solana:devnet'],
    })
    register(wallet)
    const { adapter } = adapterWith()
    await adapter.connect(solanaWalletId(wallet))
    expect(adapter.connection.get()).toMatchObject({ caipNetworkId: LOCAL.caipNetworkId })

    await adapter.switchNetwork(solanaDevnet.caipNetworkId)
    expect(adapter.connection.get()).toMatchObject({
      caipAddress: `${solanaDevnet.caipNetworkId}:${wallet.core.address}`,
    })
    await expect(adapter.switchNetwork(solanaMainnet.caipNetworkId)).rejects.toBeInstanceOf(
      ChainNotSupportedError,
    )
  })

  it('reads the SOL balance from the balance route, 0 when the route lists none', async () => {
    const asked: string[] = []
    const adapter = createSolanaAdapter({
      networks,
      wallets: getWallets(),
      storage: createStorage({ storage: createMemoryStorage() }),
      balance: async (address, caipNetworkId) => {
        asked.push(`${caipNetworkId} ${address}`)
        return address === 'empty'
          ? { balances: [] }
          : {
              balances: [
                {
                  name: 'Solana',
                  symbol: 'SOL',
                  chainId: caipNetworkId,
                  price: 0,
                  quantity: { decimals: '9', numeric: '12.5' },
                  iconUrl: '',
                },
              ],
            }
      },
      rpc: async () => {
        throw new Error('no RPC')
      },
    })
    expect(await adapter.getBalance(`${LOCAL.caipNetworkId}:owner`)).toEqual({
      value: 12_500_000_000n,
      decimals: 9,
      symbol: 'SOL',
    })
    expect(asked).toEqual([`${LOCAL.caipNetworkId} owner`])
    expect((await adapter.getBalance(`${LOCAL.caipNetworkId}:empty`)).value).toBe(0n)
  })
})
