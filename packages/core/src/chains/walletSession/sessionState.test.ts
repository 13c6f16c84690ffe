import type { CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage, STORAGE_KEYS } from '../../storage/index.ts'
import type { WalletOption } from '../types.ts'
import { createSessionState } from './sessionState.ts'
import { testLinkedAccount } from './walletSession.fixture.ts'

type Wallet = { name: string }
type Session = { wallet: Wallet; address: string | undefined; caipNetworkId: CaipNetworkId }

const CHOICE_KEY = '@latch/fake_choice'
const WALLET_KEY = STORAGE_KEYS.connectedConnectorId('polkadot')
const optionOf = (wallet: Wallet): WalletOption => ({
  id: `fake:${wallet.name}`,
  name: wallet.name,
  icon: undefined,
  rdns: undefined,
  kind: 'announced',
})
const phone = testLinkedAccount('p1').account

function stateOver() {
  const storage = createStorage({ storage: createMemoryStorage() })
  const following: string[] = []
  const state = createSessionState<Wallet, Session>({
    namespace: 'polkadot',
    storage,
    optionOf,
    present: ({ address }) => ({
      address,
      accounts: address ? [{ address, purpose: 'eoa' }] : [],
    }),
    follow: ({ wallet }) => {
      following.push(wallet.name)
      return () => following.splice(following.indexOf(wallet.name), 1)
    },
    choice: {
      key: CHOICE_KEY,
      remember: ({ address }) => storage.setItem(CHOICE_KEY, address ?? ''),
    },
  })
  const statuses: string[] = []
  state.connection.subscribe((current) => statuses.push(current.status))
  return { state, storage, following, statuses }
}

describe("a family's session state", () => {
  it('shows an opened session, keeps its wallet and pick, and follows only its wallet', () => {
    const { state, storage, following } = stateOver()
    state.open({ wallet: { name: 'Alpha' }, address: 'a1', caipNetworkId: 'polkadot:one' })
    expect(state.connection.get()).toMatchObject({
      status: 'connected',
      caipAddress: 'polkadot:one:a1',
      wallet: { id: 'fake:Alpha' },
    })
    expect(state.accounts.get()).toEqual([{ address: 'a1', purpose: 'eoa' }])
    expect(storage.getItem(WALLET_KEY)).toBe('fake:Alpha')
    expect(storage.getItem(CHOICE_KEY)).toBe('a1')

    state.open({ wallet: { name: 'Beta' }, address: 'b1', caipNetworkId: 'polkadot:one' })
    expect(following).toEqual(['Beta'])
  })

  it('leaves the connection as it was when no account reads in the network, but lists none', () => {
    const { state, statuses } = stateOver()
    state.open({ wallet: { name: 'Alpha' }, address: 'a1', caipNetworkId: 'polkadot:one' })
    state.update({ wallet: { name: 'Alpha' }, address: undefined, caipNetworkId: 'polkadot:two' })
    expect(state.connection.get()).toMatchObject({ caipAddress: 'polkadot:one:a1' })
    expect(state.accounts.get()).toEqual([])
    expect(statuses).toEqual(['connected'])
  })

  it('shows the linked account while no wallet session is open, and after the wallet ends', () => {
    const { state, storage, following } = stateOver()
    state.link({ linked: phone, caipNetworkId: 'polkadot:one' })
    expect(state.connection.get()).toMatchObject({
      caipAddress: 'polkadot:one:p1',
      wallet: { name: 'Phone' },
    })
    state.open({ wallet: { name: 'Alpha' }, address: 'a1', caipNetworkId: 'polkadot:one' })
    expect(state.connection.get()).toMatchObject({ address: 'a1' })
    state.end()
    expect(state.connection.get()).toMatchObject({ address: 'p1' })
    expect(following).toEqual([])
    expect(storage.getItem(WALLET_KEY)).toBeUndefined()
    expect(storage.getItem(CHOICE_KEY)).toBeUndefined()
  })

  it('ends the session and the linked account at once, told once', () => {
    const { state, statuses } = stateOver()
    state.link({ linked: phone, caipNetworkId: 'polkadot:one' })
    state.open({ wallet: { name: 'Alpha' }, address: 'a1', caipNetworkId: 'polkadot:one' })
    statuses.length = 0
    state.endAll()
    expect(statuses).toEqual(['disconnected'])
    expect(state.session()).toBeUndefined()
    expect(state.linked()).toBeUndefined()
  })

  it('shows a wallet being asked, and what it had once the ask failed', () => {
    const { state } = stateOver()
    state.pending('connecting', optionOf({ name: 'Alpha' }))
    expect(state.connection.get()).toMatchObject({
      status: 'connecting',
      wallet: { name: 'Alpha' },
    })
    state.publish()
    expect(state.connection.get()).toEqual({ status: 'disconnected' })
  })
})
