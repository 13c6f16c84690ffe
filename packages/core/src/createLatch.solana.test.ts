// One instance with an EVM network and a Solana network, and a Wallet Standard Solana wallet (the
// test wallet's Node core): the Solana family loads with start(), lists the wallet, connects it,
// comes back after a reload and ends on disconnect. Then a site with Solana networks only.
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { defineSolanaNetwork } from './chains/solana/network.ts'
import { createTestSolanaWallet } from './chains/solana/testSolanaWallet.fixture.ts'
import { createLatch, walletFromOption } from './createLatch.ts'
import { LatchError } from './errors.ts'
import { defineEvmNetwork } from './network/index.ts'
import { createMemoryStorage, STORAGE_KEYS } from './storage/index.ts'
import { walletConnect } from './walletconnect.ts'

const devnet = defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:9' })
const solana = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})

const unregister: (() => void)[] = []
afterEach(() => {
  for (const leave of unregister.splice(0)) leave()
})

const create = (storage = createMemoryStorage()) =>
  createLatch({
    projectId: 'latch-dev',
    // Nothing listens here: the origin check and remote features fail quietly.
    serverUrl: 'http://127.0.0.1:9',
    networks: [devnet, solana],
    storage,
    enableInjected: false,
  })

describe('createLatch with a Solana network', () => {
  it('loads the Solana family on start, connects its wallet, restores it after a reload', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Wallet', chains: [solana.caipNetworkId] })
    unregister.push(getWallets().register(wallet))
    const storage = createMemoryStorage()
    const latch = create(storage)
    expect(latch.wallets.get()).toEqual([])

    await latch.start()
    const [listed] = latch.wallets.get()
    expect(listed).toMatchObject({
      name: 'Sol Wallet',
      connectors: { solana: 'wallet-standard:Sol Wallet' },
    })

    await latch.connectWallet(walletFromOption(listed as NonNullable<typeof listed>))
    // The EVM family has no wallet: the Solana family becomes the active one.
    expect(latch.connections.state.get().activeNamespace).toBe('solana')
    expect(latch.activeAccount.get()).toEqual({
      namespace: 'solana',
      address: wallet.core.address,
      caipAddress: `${solana.caipNetworkId}:${wallet.core.address}`,
      caipNetworkId: solana.caipNetworkId,
    })
    expect(latch.network.state.get().activeNetwork).toBe(solana)
    expect(storage.getItem(STORAGE_KEYS.connectedNamespaces)).toBe('["solana"]')

    const reloaded = create(storage)
    await reloaded.start()
    expect(reloaded.activeAccount.get()?.caipAddress).toBe(
      `${solana.caipNetworkId}:${wallet.core.address}`,
    )
    expect(reloaded.account.state.get().byNamespace.solana?.status).toBe('connected')

    await reloaded.disconnect()
    expect(reloaded.activeAccount.get()).toBeUndefined()
    expect(wallet.core.stateFor('http://127.0.0.1:5173').approved).toBe(false)
    expect(storage.getItem(STORAGE_KEYS.connectedNamespaces)).toBeNull()
  })
})

describe('createLatch with Solana networks only', () => {
  const solanaOnly = (storage = createMemoryStorage()) =>
    createLatch({
      projectId: 'latch-dev',
      serverUrl: 'http://127.0.0.1:9',
      networks: [solana],
      storage,
      // Both pair or log in through the EVM family: without an EVM network neither is offered.
      walletConnect: walletConnect({ projectId: 'latch-dev', relayUrl: 'ws://127.0.0.1:9' }),
      walletFrameUrl: 'http://127.0.0.1:8788',
    })

  it('starts on Solana; latch.evm and the EVM family say clearly that there is none', async () => {
    const latch = solanaOnly()
    expect(latch.connections.state.get().activeNamespace).toBe('solana')
    expect(latch.network.state.get().activeNetwork).toBe(solana)
    expect(latch.walletConnect).toBeUndefined()
    expect(latch.embedded).toBeUndefined()
    expect(() => latch.evm).toThrow(LatchError)
    expect(() => latch.evm).toThrow('No EVM network is configured')
    await expect(latch.loadFamily('eip155')).rejects.toThrow('No eip155 network is configured')
  })

  it('loads the Solana family alone, connects its wallet, signs and disconnects', async () => {
    const wallet = createTestSolanaWallet({ name: 'Sol Only', chains: [solana.caipNetworkId] })
    unregister.push(getWallets().register(wallet))
    const storage = createMemoryStorage()
    const latch = solanaOnly(storage)
    await latch.start()
    expect(Object.keys(latch.adapters)).toEqual(['solana'])
    const [listed] = latch.wallets.get()
    expect(listed).toMatchObject({
      name: 'Sol Only',
      connectors: { solana: 'wallet-standard:Sol Only' },
    })

    await latch.connectWallet(walletFromOption(listed as NonNullable<typeof listed>))
    expect(latch.activeAccount.get()?.caipAddress).toBe(
      `${solana.caipNetworkId}:${wallet.core.address}`,
    )
    expect(latch.account.state.get().byNamespace.solana?.status).toBe('connected')
    const solanaFamily = await latch.loadFamily('solana')
    expect(await solanaFamily.signMessage('hello')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)

    await latch.disconnect()
    expect(latch.activeAccount.get()).toBeUndefined()
    expect(storage.getItem(STORAGE_KEYS.connectedNamespaces)).toBeNull()
  })
})

describe('createLatch with the adapters option', () => {
  const base = { projectId: 'latch-dev', serverUrl: 'http://127.0.0.1:9' }

  it('loads the named family only', async () => {
    const latch = createLatch({ ...base, networks: [solana], adapters: ['solana'] })
    expect(latch.options.families).toEqual(['solana'])
    await latch.start()
    expect(Object.keys(latch.adapters)).toEqual(['solana'])
  })

  it('refuses, at creation, a network whose family adapters leaves out', () => {
    expect(() =>
      createLatch({ ...base, networks: [solana, devnet], adapters: ['solana'] }),
    ).toThrow(
      "Network Latch Devnet (eip155:31337) is of the eip155 family, which the adapters option leaves out: add 'eip155' to adapters, or remove the network.",
    )
  })
})
