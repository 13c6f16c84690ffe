import type { NameRecord, RegisterNameBody } from '@latch/protocol'
import { coinTypeOfChain, parseReadableRegisterNameMessage } from '@latch/protocol/names'
import { QueryClient } from '@tanstack/query-core'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { createAccountController } from '../account/account.ts'
import { HttpStatusError } from '../api/client.ts'
import { createTestAccount, evmAccount } from '../chains/testAccount.ts'
import { UserRejectedError } from '../errors.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createIdentity } from './createIdentity.ts'
import { createNames } from './createNames.ts'

const NOW = Date.UTC(2026, 4, 1, 12, 0, 0)

/**
 * A server keeping the contract of POST /v1/profile/account as far as the kit relies on it: it
 * checks the EIP-191 signature of the message by the address, and refuses a name twice.
 */
function contractServer() {
  const records = new Map<string, NameRecord>()
  const bodies: RegisterNameBody[] = []
  return {
    bodies,
    records,
    async registerName(body: RegisterNameBody): Promise<NameRecord> {
      bodies.push(body)
      const valid = await verifyMessage({
        address: body.address as `0x${string}`,
        message: body.message,
        signature: body.signature as `0x${string}`,
      })
      if (!valid) throw new HttpStatusError(401, 'Invalid signature')
      const message = parseReadableRegisterNameMessage(body.message)
      if (!message || message.address !== body.address)
        throw new HttpStatusError(400, 'Malformed message')
      const { name } = message
      if (records.has(name)) throw new HttpStatusError(400, 'Name is already registered')
      const record: NameRecord = {
        name,
        registered_at: new Date(NOW).toISOString(),
        updated_at: new Date(NOW).toISOString(),
        addresses: {
          [String(body.coin_type)]: { address: body.address, created: new Date(NOW).toISOString() },
        },
        attributes: {},
      }
      records.set(name, record)
      return record
    },
    async profileAccount(name: string) {
      return records.get(name)
    },
    async profileSuggestions() {
      return { suggestions: [] }
    },
    identity: vi.fn(async () => ({ name: null, avatar: null })),
  }
}

function setup(options: { sign?: (message: string) => Promise<`0x${string}`> } = {}) {
  const wallet = privateKeyToAccount(generatePrivateKey())
  const connection = createTestAccount(evmAccount(wallet.address, 31337))
  const account = createAccountController()
  account.update('eip155', { status: 'connected', address: wallet.address })
  const api = contractServer()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const storage = createStorage({ storage: createMemoryStorage() })
  const identity = createIdentity({
    api,
    queryClient,
    storage,
    account,
    isSupported: async () => true,
  })
  const snackbar = { showError: vi.fn() }
  const names = createNames({
    api,
    queryClient,
    account: connection,
    signMessage: options.sign ?? ((message) => wallet.signMessage({ message })),
    snackbar,
    identity,
    zone: 'latch.id',
    now: () => NOW,
  })
  return { wallet, account, api, identity, names, snackbar, connection }
}

describe('names.register', () => {
  it('signs the message with the wallet, posts it with the coin type, and shows the name at once', async () => {
    const { wallet, account, api, identity, names } = setup()
    const record = await names.register('Alice')
    expect(record?.name).toBe('alice.latch.id')
    expect(api.bodies).toEqual([
      {
        coin_type: coinTypeOfChain(31337),
        address: wallet.address,
        message: [
          'Register a name',
          '',
          'Name: alice.latch.id',
          `Address: ${wallet.address}`,
          'Attributes: none',
          'Issued at: 2026-05-01T12:00:00Z',
        ].join('\n'),
        signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
      },
    ])
    expect(names.registration.get()).toEqual({
      status: 'success',
      name: 'alice.latch.id',
      error: undefined,
    })
    expect(account.get()).toMatchObject({ profileName: 'alice.latch.id', profileImage: null })
    // The identity cache holds the new name: loading it again asks the server nothing.
    await identity.load({ address: wallet.address, caipNetworkId: 'eip155:31337' })
    expect(api.identity).not.toHaveBeenCalled()
    expect(account.get().profileName).toBe('alice.latch.id')
  })

  it("shows the server's message when it refuses the name, and marks it taken", async () => {
    const { names, api, account } = setup()
    api.records.set('alice.latch.id', {} as NameRecord)
    names.suggestions.setInput('alice')
    expect(await names.register('alice')).toBeUndefined()
    expect(names.registration.get()).toMatchObject({
      status: 'error',
      error: 'Name is already registered',
    })
    expect(account.get().profileName).toBeUndefined()
  })

  it("says 'Signature declined' in the snackbar when the wallet declines, and posts nothing", async () => {
    const { names, api, snackbar } = setup({
      sign: async () => {
        throw new UserRejectedError('User rejected the request')
      },
    })
    expect(await names.register('alice')).toBeUndefined()
    expect(snackbar.showError).toHaveBeenCalledWith('Signature declined')
    expect(names.registration.get().status).toBe('idle')
    expect(api.bodies).toEqual([])
  })

  it('refuses a label shorter than 4 characters before asking the wallet', async () => {
    const sign = vi.fn()
    const { names } = setup({ sign })
    expect(await names.register('abc')).toBeUndefined()
    expect(names.registration.get().error).toMatchObject({
      english: 'A name needs at least 4 characters',
    })
    expect(sign).not.toHaveBeenCalled()
  })
})

describe('names.resolve', () => {
  it('resolves a registered name to its address on the active chain', async () => {
    const { names, wallet } = setup()
    await names.register('alice')
    await expect(names.resolve('Alice.latch.id')).resolves.toBe(wallet.address)
  })

  it('says a name nobody registered is not registered, then finds it once registered', async () => {
    const { names, wallet } = setup()
    await expect(names.resolve('bob-the-builder.latch.id')).rejects.toThrow(
      'bob-the-builder.latch.id is not a registered name',
    )
    await names.register('bob-the-builder')
    await expect(names.resolve('bob-the-builder.latch.id')).resolves.toBe(wallet.address)
  })
})

describe('names on a family the name service does not serve', () => {
  const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
  const solanaAccount = {
    namespace: 'solana' as const,
    address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    caipAddress: `${SOLANA}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM` as const,
    caipNetworkId: SOLANA as `${string}:${string}`,
  }

  it('refuses to register or resolve, without asking the wallet', async () => {
    const sign = vi.fn()
    const { names, connection, api } = setup({ sign })
    connection.set(solanaAccount)
    expect(await names.register('alice')).toBeUndefined()
    expect(names.registration.get().error).toBe('Network not supported for Names')
    expect(sign).not.toHaveBeenCalled()
    expect(api.bodies).toEqual([])
    await expect(names.resolve('alice.latch.id')).rejects.toThrow('Network not supported for Names')
  })
})
