import type { IdentityResponse } from '@latch/protocol'
import { QueryClient } from '@tanstack/query-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAccountController } from '../account/account.ts'
import { HttpStatusError } from '../api/client.ts'
import { IDENTITY_CACHE_MS } from '../constants.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { STORAGE_KEYS } from '../storage/index.ts'
import { createIdentity } from './createIdentity.ts'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function setup(
  names: Record<string, IdentityResponse | Error>,
  options: { backing?: Storage; supported?: boolean } = {},
) {
  const identityCalls: string[] = []
  const api = {
    async identity(address: string) {
      identityCalls.push(address)
      const answer = names[address] ?? { name: null, avatar: null }
      if (answer instanceof Error) throw answer
      return answer
    },
  }
  const account = createAccountController()
  const backing = options.backing ?? (createMemoryStorage() as Storage)
  const identity = createIdentity({
    api,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    storage: createStorage({ storage: backing }),
    account,
    isSupported: async () => options.supported ?? true,
  })
  const connect = (address: string) => account.update('eip155', { status: 'connected', address })
  return { identity, account, identityCalls, connect, backing }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createIdentity', () => {
  it("puts the account's name and avatar into profileName and profileImage", async () => {
    const { identity, account, connect } = setup({
      [A]: { name: 'alice.latch.id', avatar: 'https://example.org/a.png' },
    })
    connect(A)
    await identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    expect(account.get()).toMatchObject({
      profileName: 'alice.latch.id',
      profileImage: 'https://example.org/a.png',
    })
  })

  it("shows a Farcaster user's name and avatar where the address has no name; its own name wins", async () => {
    const farcasterUser = {
      address: A as `0x${string}`,
      chainId: 31337,
      accounts: [],
      preferredAccountType: 'eoa' as const,
      smartAccountDeployed: false,
      farcaster: { fid: 1001, username: 'alice', pfpUrl: 'https://img.test/a.png' },
    }
    const { identity, account, connect } = setup({
      [B]: { name: 'bob.latch.id', avatar: null },
    })
    connect(A)
    account.update('eip155', { user: farcasterUser })
    await identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    expect(account.get()).toMatchObject({
      profileName: 'alice',
      profileImage: 'https://img.test/a.png',
    })
    connect(B)
    account.update('eip155', { user: { ...farcasterUser, address: B as `0x${string}` } })
    await identity.load({ address: B, caipNetworkId: 'eip155:31337' })
    expect(account.get()).toMatchObject({ profileName: 'bob.latch.id', profileImage: null })
  })

  it('caches 5 minutes, across instances through local storage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { identity, connect, identityCalls, backing } = setup({
      [A]: { name: 'alice.latch.id', avatar: null },
    })
    connect(A)
    await identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    await identity.load({ address: A, caipNetworkId: 'eip155:31338' })
    expect(identityCalls).toEqual([A])

    // A reload: a new instance on the same local storage shows the name without asking.
    const reloaded = setup({ [A]: { name: 'other.latch.id', avatar: null } }, { backing })
    reloaded.connect(A)
    await reloaded.identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    expect(reloaded.identityCalls).toEqual([])
    expect(reloaded.account.get().profileName).toBe('alice.latch.id')

    vi.advanceTimersByTime(IDENTITY_CACHE_MS + 1)
    await reloaded.identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    expect(reloaded.identityCalls).toEqual([A])
    expect(reloaded.account.get().profileName).toBe('other.latch.id')
  })

  it("never shows the previous account's name for the next one, nor a late answer", async () => {
    const { identity, account, connect } = setup({
      [A]: { name: 'alice.latch.id', avatar: null },
      [B]: new Error('down'),
    })
    connect(A)
    await identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    connect(B)
    await identity.load({ address: B, caipNetworkId: 'eip155:31337' })
    expect(account.get().profileName).toBeUndefined()

    const late = setup({ [A]: { name: 'alice.latch.id', avatar: null } })
    late.connect(A)
    const loading = late.identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    late.connect(B)
    await loading
    expect(late.account.get().profileName).toBeUndefined()
  })

  it('shows no name on a network the server does not support, without asking', async () => {
    const { identity, account, connect, identityCalls } = setup(
      { [A]: { name: 'alice.latch.id', avatar: null } },
      { supported: false },
    )
    connect(A)
    await identity.load({ address: A, caipNetworkId: 'eip155:999' })
    expect(identityCalls).toEqual([])
    expect(account.get().profileName).toBeNull()
  })

  it('says the name is unavailable when the server cannot say, caching nothing, until it can', async () => {
    const names: Record<string, IdentityResponse | Error> = {
      [A]: new HttpStatusError(503, 'Identity unavailable: a chain did not answer'),
    }
    const { identity, account, connect, backing } = setup(names)
    connect(A)
    await identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    expect(account.get()).toMatchObject({ profileUnavailable: true })
    // Unknown, not "no name": nothing says the account has none, here or in storage.
    expect(account.get().profileName).toBeUndefined()
    expect(backing.getItem(STORAGE_KEYS.identityCache) ?? '').not.toContain(A.toLowerCase())

    names[A] = { name: 'alice.latch.id', avatar: null }
    await identity.load({ address: A, caipNetworkId: 'eip155:31337' })
    expect(account.get()).toMatchObject({
      profileName: 'alice.latch.id',
      profileUnavailable: false,
    })
    expect(backing.getItem(STORAGE_KEYS.identityCache)).toContain(A.toLowerCase())
  })
})
