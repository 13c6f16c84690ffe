import { randomBytes } from 'node:crypto'
import { QueryClient } from '@tanstack/query-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAccountController } from '../../../packages/core/src/account/account.ts'
import { createApiClient } from '../../../packages/core/src/api/client.ts'
import { createTestAccount, evmAccount } from '../../../packages/core/src/chains/testAccount.ts'
import { createIdentity } from '../../../packages/core/src/names/createIdentity.ts'
import { createNames } from '../../../packages/core/src/names/createNames.ts'
import {
  createMemoryStorage,
  createStorage,
} from '../../../packages/core/src/storage/createStorage.ts'
// The real server, as its own tests start it: the kit's calls against the routes themselves.
import { startTestServer, type TestServer } from './helpers.ts'

describe('names against the Latch server', () => {
  let server: TestServer
  let baseUrl: string
  beforeAll(async () => {
    server = await startTestServer('pglite')
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A fresh visitor connected on the devnet's first chain, with the kit's names and identity. */
  function visitor() {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const api = createApiClient({ baseUrl, projectId: 'latch-dev' })
    const account = createAccountController()
    account.update('eip155', { status: 'connected', address: wallet.address })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const identity = createIdentity({
      api,
      queryClient,
      storage: createStorage({ storage: createMemoryStorage() }),
      account,
      isSupported: async () => true,
    })
    const connection = createTestAccount(evmAccount(wallet.address, 31337))
    const snackbar = { showError: vi.fn() }
    const names = createNames({
      api,
      queryClient,
      account: connection,
      signMessage: (message) => wallet.signMessage({ message }),
      snackbar,
      identity,
      zone: 'latch.id',
    })
    return { wallet, api, account, identity, names, snackbar }
  }

  const freshLabel = () => `kit-${randomBytes(4).toString('hex')}`

  it('registers by signature; the identity, the lookup and the suggestions then know the name', async () => {
    const alice = visitor()
    const label = freshLabel()
    const record = await alice.names.register(label)
    expect(record).toMatchObject({ name: `${label}.latch.id` })
    expect(alice.account.get().profileName).toBe(`${label}.latch.id`)

    // Another visitor's kit: the server's identity and the name's address, fresh from the server.
    const bob = visitor()
    expect(await bob.api.identity(alice.wallet.address)).toMatchObject({
      name: `${label}.latch.id`,
    })
    await expect(bob.names.resolve(`${label}.latch.id`)).resolves.toBe(alice.wallet.address)
    bob.names.suggestions.setInput(label)
    await vi.waitFor(() => expect(bob.names.suggestions.state.get().status).toBe('success'))
    expect(bob.names.suggestions.state.get().asked).toEqual({
      name: `${label}.latch.id`,
      label,
      available: false,
    })
    expect(bob.names.suggestions.state.get().variants.length).toBeGreaterThan(0)
    for (const variant of bob.names.suggestions.state.get().variants)
      expect(variant.name).toMatch(new RegExp(`^${label}.*\\.latch\\.id$`))
  })

  it("shows the server's refusal of a taken name inline", async () => {
    const label = freshLabel()
    await visitor().names.register(label)
    const late = visitor()
    expect(await late.names.register(label)).toBeUndefined()
    expect(late.names.registration.get()).toMatchObject({
      status: 'error',
      error: 'Name is already registered',
    })
  })

  it('says a name nobody registered is not registered', async () => {
    const name = `${freshLabel()}.latch.id`
    await expect(visitor().names.resolve(name)).rejects.toThrow(`${name} is not a registered name`)
  })
})
