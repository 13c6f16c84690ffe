import { describe, expect, it } from 'vitest'
import { mirrorConnection } from './mirrorConnection.ts'
import { ADDRESS, browserWallet, connectedTo, createTestStores } from './testStores.ts'

function setup() {
  const stores = createTestStores()
  mirrorConnection({
    namespace: 'eip155',
    ...stores,
    walletInfo: (wallet) => ({ name: wallet.name }),
  })
  return stores
}

describe('mirrorConnection', () => {
  it('puts a connected wallet into the account (CAIP-10, explorer link) and the network', () => {
    const { wallet, account, network, connection } = setup()
    wallet.set(connectedTo(31338))
    expect(account.get('eip155')).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:31338:${ADDRESS}`,
      connectedWalletInfo: { name: 'Test Wallet' },
    })
    expect(network.state.get().activeNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(connection.state.get().status).toBe('connected')

    wallet.set(connectedTo(31337))
    expect(account.get('eip155').addressExplorerUrl).toBe(
      `https://explorer.test/address/${ADDRESS}`,
    )
  })

  it('marks a network the site does not list as unsupported', () => {
    const { wallet, network } = setup()
    wallet.set(connectedTo(1))
    expect(network.state.get()).toMatchObject({ walletNetworkId: 'eip155:1', unsupported: true })
  })

  it('shows connecting and reconnecting, and forgets the account on disconnect', () => {
    const { wallet, account, network, connection } = setup()
    wallet.set({ status: 'reconnecting', wallet: browserWallet })
    expect(account.get('eip155').status).toBe('reconnecting')
    expect(connection.state.get().status).toBe('reconnecting')
    wallet.set(connectedTo(1))
    wallet.set({ status: 'disconnected' })
    expect(account.get('eip155').status).toBe('disconnected')
    expect(account.get('eip155').address).toBeUndefined()
    expect(network.state.get()).toMatchObject({ walletNetworkId: undefined, unsupported: false })
    expect(connection.state.get().status).toBe('disconnected')
  })

  it('leaves the account alone while the wallet stays disconnected: a login fills it first', () => {
    const { wallet, account } = setup()
    // A Farcaster login shows its link in the account before the wallet connects.
    account.update('eip155', { farcasterUrl: 'https://farcaster.test/~/siwf?channelToken=1' })
    wallet.set({ status: 'disconnected' })
    expect(account.get('eip155').farcasterUrl).toBe('https://farcaster.test/~/siwf?channelToken=1')
  })
})

describe('mirrorConnection of a Polkadot account', () => {
  it('gives it the account type eoa', () => {
    const stores = createTestStores()
    mirrorConnection({
      namespace: 'polkadot',
      ...stores,
      walletInfo: (wallet) => ({ name: wallet.name }),
    })
    const address = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    const caipNetworkId = 'polkadot:00000000000000000000000000000042' as const
    stores.wallet.set({
      status: 'connected',
      address,
      caipNetworkId,
      caipAddress: `${caipNetworkId}:${address}`,
      wallet: browserWallet,
    })
    expect(stores.account.get('polkadot')).toMatchObject({
      preferredAccountTypes: { polkadot: 'eoa' },
      allAccounts: [{ namespace: 'polkadot', address, type: 'eoa' }],
    })
  })
})

describe('mirrorConnection of a family that is not the active one', () => {
  it("keeps its account but leaves the modal's network to the active family", () => {
    const stores = createTestStores()
    mirrorConnection({
      namespace: 'eip155',
      ...stores,
      walletInfo: (wallet) => ({ name: wallet.name }),
      isActive: () => false,
    })
    stores.wallet.set(connectedTo(31338))
    expect(stores.account.get('eip155').status).toBe('connected')
    expect(stores.network.state.get().walletNetworkId).toBeUndefined()
    expect(stores.network.state.get().activeNetwork?.caipNetworkId).toBe('eip155:31337')
  })
})
