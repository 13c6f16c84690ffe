import { createTestClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import { deployTestEns, type TestEns } from './accountFixtures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import { chainA, chainB, freshKey, namesApi, nowSeconds, signedBody } from './namesFixtures.ts'

const devnet = inject('devnet')

let ens: TestEns
const ensNamed = freshKey()
beforeAll(async () => {
  // The devnet has no ENS: deploy a registry and resolver answering as ENS's do.
  const deployer = freshKey()
  await createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) }).setBalance({
    address: deployer.address,
    value: 10n ** 18n,
  })
  ens = await deployTestEns(chainA, deployer)
  await ens.setReverseName(deployer, ensNamed.address, 'ens-alice.eth')
  await ens.setForward(deployer, 'ens-alice.eth', ensNamed.address)
})

describe.each(DIALECTS)('names: identity on %s', (dialect) => {
  let server: TestServer
  let api: ReturnType<typeof namesApi>
  beforeAll(async () => {
    const chains = chainsOfDevnet(devnet).map((chain) =>
      chain.chainId === chainA.chainId ? { ...chain, ensRegistry: ens.registry } : chain,
    )
    server = await startTestServer(dialect, { LATCH_CHAINS: JSON.stringify(chains) })
    api = namesApi(server)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('shows a registered name and its avatar right after registration, on its chain', async () => {
    const signer = freshKey()
    // Asked (and cached) before: the registration must not leave the empty answer behind.
    for (const query of ['', `?chainId=eip155:${chainA.chainId}`])
      expect((await api.identity(signer.address, query)).json()).toEqual({
        name: null,
        avatar: null,
      })
    const { name } = await api.registerFresh({
      signer,
      attributes: { avatar: 'https://img.example/me.png' },
    })
    const shown = { name, avatar: 'https://img.example/me.png' }
    expect((await api.identity(signer.address)).json()).toEqual(shown)
    expect(
      (await api.identity(signer.address.toLowerCase(), `?sender=${signer.address}`)).json(),
    ).toEqual(shown)
    expect(
      (await api.identity(signer.address, `?chainId=eip155:${chainA.chainId}`)).json(),
    ).toEqual(shown)
    // Registered under chain A's coin type only.
    const onB = await api.identity(signer.address, `?chainId=eip155:${chainB.chainId}`)
    expect(onB.json()).toEqual({ name: null, avatar: null })
  })

  it('shows a new avatar right after an update', async () => {
    const { name, signer } = await api.registerFresh()
    expect((await api.identity(signer.address)).json()).toEqual({ name, avatar: null })
    const update = await api.updateAttributes(
      name,
      await signedBody(signer, {
        name,
        attributes: { avatar: 'data:image/png;base64,AAAA' },
        timestamp: nowSeconds(),
      }),
    )
    expect(update.statusCode).toBe(200)
    expect((await api.identity(signer.address)).json()).toEqual({
      name,
      avatar: 'data:image/png;base64,AAAA',
    })
  })

  it('prefers a name registered here to the ENS primary name', async () => {
    expect((await api.identity(ensNamed.address)).json()).toEqual({
      name: 'ens-alice.eth',
      avatar: null,
    })
    const { name } = await api.registerFresh({ signer: ensNamed })
    expect((await api.identity(ensNamed.address)).json()).toEqual({ name, avatar: null })
  })
})

describe('names: identity across server instances sharing PostgreSQL and Redis', () => {
  let first: TestServer
  let second: TestServer
  beforeAll(async () => {
    const env = { REDIS_URL: inject('redisUrl') }
    first = await startTestServer('postgres', env)
    second = await startTestServer('postgres', env, first.config.database)
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()])
  })

  it('shows a name registered through one instance at once through the other', async () => {
    const signer = freshKey()
    const [one, two] = [namesApi(first), namesApi(second)]
    expect((await one.identity(signer.address)).json()).toEqual({ name: null, avatar: null })
    const { name } = await two.registerFresh({ signer })
    expect((await one.identity(signer.address)).json()).toEqual({ name, avatar: null })
    expect((await one.lookup(name)).json().name).toBe(name)
  })
})
