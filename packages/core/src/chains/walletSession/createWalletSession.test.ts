import type { CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { ChainNotSupportedError, UserRejectedError } from '../../errors.ts'
import {
  createMemoryStorage,
  createStorage,
  type LatchStorage,
  STORAGE_KEYS,
} from '../../storage/index.ts'
import { createWalletSession } from './createWalletSession.ts'
import { siteNetworks } from './siteNetworks.ts'
import { testLinkedAccount, testNetwork } from './walletSession.fixture.ts'

const network = (caipNetworkId: CaipNetworkId) => testNetwork(caipNetworkId, 'solana')
const ONE = network('solana:one')
const TWO = network('solana:two')
const THREE = network('solana:three')
const CHOICE_KEY = '@latch/fake_choice'
const WALLET_KEY = STORAGE_KEYS.connectedConnectorId('solana')

/** A wallet of a made-up family: it shares its accounts, declines when told, tells changes. */
function fakeWallet(name: string, accounts: string[], chains: CaipNetworkId[] = []) {
  const listeners = new Set<(accounts: string[]) => void>()
  const wallet = {
    name,
    accounts,
    chains,
    approves: true,
    declineNext: false,
    asked: [] as boolean[],
    released: 0,
    async ask(silent: boolean) {
      wallet.asked.push(silent)
      if (wallet.declineNext) {
        wallet.declineNext = false
        throw new UserRejectedError('User rejected the request')
      }
      if (silent && !wallet.approves) throw new Error('The site is not approved')
      return wallet.accounts
    },
    /** The visitor picks other accounts in the wallet, or revokes the site (none). */
    tell(next: string[]) {
      wallet.accounts = next
      for (const listener of listeners) listener(next)
    },
    on(listener: (accounts: string[]) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return wallet
}
type FakeWallet = ReturnType<typeof fakeWallet>
type Session = { wallet: FakeWallet; address: string; caipNetworkId: CaipNetworkId }

/** The skeleton over the fake family, as an adapter builds it. */
function sessionOver(
  page: FakeWallet[],
  storage: LatchStorage = createStorage({ storage: createMemoryStorage() }),
) {
  const networks = siteNetworks([ONE, TWO, THREE], storage, 'solana', 'Fake')
  const walletSession = createWalletSession<FakeWallet, Session, string[]>({
    namespace: 'solana',
    storage,
    networks,
    discover: () => [...page],
    optionOf: (wallet) => ({
      id: `fake:${wallet.name}`,
      name: wallet.name,
      icon: undefined,
      rdns: undefined,
      kind: 'announced',
    }),
    waitForWallet: async (find) => find(),
    ask: (wallet, { silent }) => wallet.ask(silent),
    sessionOf: (wallet, accounts, asked) => {
      const stored = storage.getItem(CHOICE_KEY)
      const address = accounts.find((account) => account === stored) ?? accounts[0]
      if (!address) return undefined
      const caipNetworkId = (networks.configured(asked) ?? networks.lastUsed() ?? networks.first)
        .caipNetworkId
      return { wallet, address, caipNetworkId }
    },
    sharedNothing: (wallet) => new Error(`${wallet.name} shared no account`),
    present: (session) => ({
      address: session.address,
      accounts: session.wallet.accounts.map((address) => ({ address, purpose: 'payment' })),
    }),
    follow: ({ wallet }, followed) =>
      wallet.on((accounts) => {
        const current = followed.current()
        if (!current) return
        const [address] = accounts
        if (!address) return followed.end()
        followed.update({ ...current, address })
      }),
    release: async (wallet) => {
      wallet.released++
    },
    checkNetwork: (session, caipNetworkId) => {
      if (session.wallet.chains.length > 0 && !session.wallet.chains.includes(caipNetworkId))
        throw new ChainNotSupportedError({
          details: `${session.wallet.name} has no ${caipNetworkId}`,
        })
    },
    choice: {
      key: CHOICE_KEY,
      remember: (session) => storage.setItem(CHOICE_KEY, session.address),
    },
  })
  const statuses: string[] = []
  walletSession.adapter.connection.subscribe((current) => statuses.push(current.status))
  return { ...walletSession, storage, statuses }
}

describe('a family wallet session', () => {
  it('lists the wallets in the page, and tells a change only when one came or went', () => {
    const page = [fakeWallet('Alpha', ['a1'])]
    const { adapter, refreshWallets } = sessionOver(page)
    const seen: string[][] = []
    adapter.wallets.subscribe((list) => seen.push(list.map((wallet) => wallet.name)))
    refreshWallets()
    page.push(fakeWallet('Beta', ['b1']))
    refreshWallets()
    expect(seen).toEqual([['Alpha', 'Beta']])
  })

  it('connects on the network asked for, shows the account and keeps the wallet for the next visit', async () => {
    const alpha = fakeWallet('Alpha', ['a1', 'a2'])
    const { adapter, accounts, storage, statuses } = sessionOver([alpha])
    await adapter.connect('fake:Alpha', { caipNetworkId: TWO.caipNetworkId })
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(adapter.connection.get()).toEqual({
      status: 'connected',
      address: 'a1',
      caipNetworkId: 'solana:two',
      caipAddress: 'solana:two:a1',
      wallet: {
        id: 'fake:Alpha',
        name: 'Alpha',
        icon: undefined,
        rdns: undefined,
        kind: 'announced',
      },
    })
    expect(accounts.get().map((account) => account.address)).toEqual(['a1', 'a2'])
    expect(alpha.asked).toEqual([false])
    expect(storage.getItem(WALLET_KEY)).toBe('fake:Alpha')
  })

  it('a declined connect rejects as the wallet declined, and leaves nothing connected or stored', async () => {
    const alpha = fakeWallet('Alpha', ['a1'])
    const { adapter, storage, statuses } = sessionOver([alpha])
    alpha.declineNext = true
    await expect(adapter.connect('fake:Alpha')).rejects.toBeInstanceOf(UserRejectedError)
    expect(statuses).toEqual(['connecting', 'disconnected'])
    expect(storage.getItem(WALLET_KEY)).toBeUndefined()
  })

  it('refuses a wallet not in the page, and one that shared no account', async () => {
    const empty = fakeWallet('Empty', [])
    const { adapter } = sessionOver([empty])
    await expect(adapter.connect('fake:Gone')).rejects.toThrow(
      'Wallet fake:Gone is not available in this browser',
    )
    await expect(adapter.connect('fake:Empty')).rejects.toThrow('Empty shared no account')
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
  })

  it('restores the stored wallet after a reload without asking the visitor, on the account picked', async () => {
    const alpha = fakeWallet('Alpha', ['a1', 'a2'])
    const first = sessionOver([alpha])
    await first.adapter.connect('fake:Alpha')
    first.update({ ...first.connected(), address: 'a2' })

    const reloaded = sessionOver([alpha], first.storage)
    await reloaded.adapter.reconnect()
    expect(reloaded.statuses).toEqual(['reconnecting', 'connected'])
    expect(reloaded.adapter.connection.get()).toMatchObject({ address: 'a2' })
    expect(alpha.asked).toEqual([false, true])
  })

  it('ends quietly after a reload when the wallet no longer approves the site, and forgets it', async () => {
    const alpha = fakeWallet('Alpha', ['a1'])
    const first = sessionOver([alpha])
    await first.adapter.connect('fake:Alpha')
    alpha.approves = false

    const reloaded = sessionOver([alpha], first.storage)
    await reloaded.adapter.reconnect()
    expect(reloaded.statuses).toEqual(['reconnecting', 'disconnected'])
    expect(first.storage.getItem(WALLET_KEY)).toBeUndefined()
    expect(first.storage.getItem(CHOICE_KEY)).toBeUndefined()
  })

  it('restores nothing when no wallet was stored', async () => {
    const { adapter, statuses } = sessionOver([fakeWallet('Alpha', ['a1'])])
    await adapter.reconnect()
    expect(statuses).toEqual([])
  })

  it('a new connection starts on the wallet’s first account, not the one picked before', async () => {
    const alpha = fakeWallet('Alpha', ['a1', 'a2'])
    const { adapter, connected, update } = sessionOver([alpha])
    await adapter.connect('fake:Alpha')
    update({ ...connected(), address: 'a2' })
    await adapter.connect('fake:Alpha')
    expect(adapter.connection.get()).toMatchObject({ address: 'a1' })
  })

  it('follows the wallet to another account, and ends when it shares none', async () => {
    const alpha = fakeWallet('Alpha', ['a1'])
    const { adapter, storage } = sessionOver([alpha])
    await adapter.connect('fake:Alpha')
    alpha.tell(['a3'])
    expect(adapter.connection.get()).toMatchObject({ address: 'a3', caipAddress: 'solana:one:a3' })
    expect(storage.getItem(CHOICE_KEY)).toBe('a3')
    alpha.tell([])
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    expect(storage.getItem(WALLET_KEY)).toBeUndefined()
  })

  it('stops following a wallet once another is connected', async () => {
    const alpha = fakeWallet('Alpha', ['a1'])
    const beta = fakeWallet('Beta', ['b1'])
    const { adapter } = sessionOver([alpha, beta])
    await adapter.connect('fake:Alpha')
    await adapter.connect('fake:Beta')
    alpha.tell([])
    expect(adapter.connection.get()).toMatchObject({ address: 'b1' })
  })

  it('disconnects: the wallet is released, nothing is shown or stored', async () => {
    const alpha = fakeWallet('Alpha', ['a1'])
    const { adapter, accounts, storage } = sessionOver([alpha])
    await adapter.connect('fake:Alpha')
    await adapter.disconnect()
    expect(alpha.released).toBe(1)
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    expect(accounts.get()).toEqual([])
    expect(storage.getItem(WALLET_KEY)).toBeUndefined()
    expect(storage.getItem(CHOICE_KEY)).toBeUndefined()
    alpha.tell(['a9'])
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
  })

  it("switches among the site's networks the wallet serves, and refuses others", async () => {
    const alpha = fakeWallet('Alpha', ['a1'], [ONE.caipNetworkId, TWO.caipNetworkId])
    const { adapter } = sessionOver([alpha])
    await expect(adapter.switchNetwork(TWO.caipNetworkId)).rejects.toThrow('No wallet is connected')
    await adapter.connect('fake:Alpha')
    await adapter.switchNetwork(TWO.caipNetworkId)
    expect(adapter.connection.get()).toMatchObject({ caipAddress: 'solana:two:a1' })
    await expect(adapter.switchNetwork('solana:elsewhere')).rejects.toThrow(
      "solana:elsewhere is not one of the site's networks",
    )
    await expect(adapter.switchNetwork(THREE.caipNetworkId)).rejects.toBeInstanceOf(
      ChainNotSupportedError,
    )
    expect(adapter.connection.get()).toMatchObject({ caipNetworkId: 'solana:two' })
  })

  it("shows an account another family's wallet holds while no wallet of its own is connected", async () => {
    const alpha = fakeWallet('Alpha', ['a1'])
    const { adapter, link } = sessionOver([alpha])
    const { account, ended } = testLinkedAccount('p1', [TWO.caipNetworkId])
    link(account)
    expect(adapter.connection.get()).toMatchObject({
      status: 'connected',
      caipAddress: 'solana:two:p1',
      wallet: { name: 'Phone' },
    })
    await expect(adapter.switchNetwork(ONE.caipNetworkId)).rejects.toThrow(
      'Phone has no solana:one',
    )

    await adapter.connect('fake:Alpha')
    expect(adapter.connection.get()).toMatchObject({ address: 'a1' })

    await adapter.disconnect()
    expect(ended).toEqual(['p1'])
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
  })

  it('a linked account ending leaves the family disconnected', () => {
    const { adapter, link, statuses } = sessionOver([])
    link(testLinkedAccount('p1').account)
    link(undefined)
    link(undefined)
    expect(statuses).toEqual(['connected', 'disconnected'])
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
  })
})
