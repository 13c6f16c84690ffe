import {
  COMMON_ONRAMP_PROVIDERS,
  COMMON_SOCIAL_LOGINS,
  commonProjectConfigResponse,
  type FeatureOverrides,
  projectConfigResponse,
  type Wallet,
  walletsResponse,
} from '@latch/protocol'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ProjectStore } from '../src/projects.ts'
import { CATALOGUE, catalogueWallets } from '../src/registry/catalogue.ts'
import { DEMO_ORIGIN, startTestServer, type TestServer } from './helpers.ts'

// The contract with the other, widely deployed web client of this API (its 1.8 releases), from its
// side: the calls below are the query strings and bodies it sends, and each test reads back the
// fields it reads. It adds its project, SDK type and SDK version to every call, and encodes its
// query with URLSearchParams (a comma is %2C, a colon %3A).

const devnet = inject('devnet')
const DEVNET_NETWORKS = devnet.chains.map((chain) => `eip155:${chain.chainId}`)
const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

const SDK = { projectId: 'latch-dev', st: 'appkit', sv: 'html-wagmi-1.8.14' }
/** A call's URL: the SDK's parameters, then the call's own (which may replace them). */
const call = (path: string, params: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ ...SDK, ...params })}`

const CATALOGUE_WALLETS = catalogueWallets()
const namesOf = (wallets: readonly Pick<Wallet, 'name'>[]) => wallets.map((wallet) => wallet.name)
/** The catalogue wallets an unknown network of a family gets: those of that family not bound to their list. */
const servingFamily = (namespace: string) =>
  CATALOGUE_WALLETS.filter(
    (wallet, index) =>
      !CATALOGUE[index]?.onlyListedChains &&
      wallet.chains.some((chain) => chain.startsWith(`${namespace}:`)),
  )

/** What the client makes of the config's features: its email, social, swap and on-ramp settings. */
function clientReading(features: { id: string; isEnabled: boolean; config: unknown }[]) {
  const byId = new Map(features.map((feature) => [feature.id, feature]))
  const list = (id: string) => {
    const feature = byId.get(id)
    return feature?.isEnabled && Array.isArray(feature.config) ? (feature.config as string[]) : []
  }
  return {
    email: list('social_login').includes('email'),
    socials: list('social_login').filter((entry) => entry !== 'email'),
    swaps: list('swap'),
    onramp: list('onramp').filter((name) =>
      (COMMON_ONRAMP_PROVIDERS as readonly string[]).includes(name),
    ),
    activity: byId.get('activity')?.isEnabled === true && byId.get('activity')?.config !== null,
    branding: byId.get('reown_branding')?.isEnabled === true,
  }
}

describe('the API as another web client calls it', () => {
  let server: TestServer
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers })
  const listWallets = async (params: Record<string, string>) => {
    const response = await get(call('/getWallets', params))
    expect(response.statusCode, response.body).toBe(200)
    return walletsResponse.parse(response.json())
  }
  const projectWith = async (id: string, features: FeatureOverrides) => {
    await new ProjectStore(server.db).upsert({ id, name: id, allowedOrigins: [], features })
    return (await get(call('/appkit/v1/config', { projectId: id }))).json()
  }

  beforeAll(async () => {
    // A development server: the sandbox is its only on-ramp, `dev` its own social login.
    server = await startTestServer('pglite')
  })
  afterAll(async () => {
    await server?.close()
  })

  describe('GET /appkit/v1/config', () => {
    it('answers in the common vocabulary: email in the social list, only provider names it knows', async () => {
      const response = await get(call('/appkit/v1/config'), { origin: DEMO_ORIGIN })
      expect(response.statusCode).toBe(200)
      const { features } = commonProjectConfigResponse.parse(response.json())
      expect(features.map((feature) => feature.id)).toEqual([
        'social_login',
        'swap',
        'onramp',
        'activity',
        'reown_branding',
        'multi_wallet',
        'headless',
      ])
      const social = features.find((feature) => feature.id === 'social_login')
      expect(social?.config[0]).toBe('email')
      for (const entry of social?.config ?? [])
        expect(COMMON_SOCIAL_LOGINS as readonly string[]).toContain(entry)

      // The same project as Latch's kit reads it: the socials it offers but `dev`, which this
      // client does not know; the project's on-ramps it knows, though this server runs only the
      // sandbox (those open their provider's own widget).
      const latch = projectConfigResponse.parse(
        (await get(call('/appkit/v1/config', { st: 'latch' }))).json(),
      ).features
      const latchSocials = latch.find((feature) => feature.id === 'social_login')
        ?.config as string[]
      expect(latchSocials).toContain('dev')
      expect(latch.find((feature) => feature.id === 'onramp')?.config).toEqual(['sandbox'])

      expect(clientReading(features)).toEqual({
        email: true,
        socials: latchSocials.filter((provider) => provider !== 'dev'),
        swaps: ['1inch'],
        onramp: ['coinbase', 'meld'],
        activity: true,
        branding: false,
      })
    })

    it('carries each on/off setting with an empty list, which the client reads as the project says', async () => {
      const { features } = commonProjectConfigResponse.parse(
        await projectWith('client-quiet', {
          activity: { isEnabled: false },
          multi_wallet: { isEnabled: true },
          latch_branding: { isEnabled: true },
          swap: { isEnabled: false },
        }),
      )
      // `config: null` would tell the client to use the site's own setting instead.
      for (const feature of features) expect(feature.config).not.toBeNull()
      expect(features.find((feature) => feature.id === 'multi_wallet')).toEqual({
        id: 'multi_wallet',
        isEnabled: true,
        config: [],
      })
      expect(clientReading(features)).toMatchObject({ activity: false, branding: true, swaps: [] })
    })

    it('turns email off and on through the social list alone', async () => {
      const emailOnly = commonProjectConfigResponse.parse(
        await projectWith('client-email-only', { social_login: { isEnabled: false } }),
      )
      expect(emailOnly.features[0]).toEqual({
        id: 'social_login',
        isEnabled: true,
        config: ['email'],
      })
      expect(clientReading(emailOnly.features)).toMatchObject({ email: true, socials: [] })

      const noEmail = commonProjectConfigResponse.parse(
        await projectWith('client-no-email', {
          email: { isEnabled: false },
          social_login: { config: ['dev', 'google'] },
        }),
      )
      // google has no credentials on this server and `dev` is unknown to the client: nothing left.
      expect(noEmail.features[0]).toEqual({ id: 'social_login', isEnabled: false, config: [] })
      expect(clientReading(noEmail.features)).toMatchObject({ email: false, socials: [] })
    })

    it('turns the on-ramp off when the project names no provider the client knows', async () => {
      const { features } = commonProjectConfigResponse.parse(
        await projectWith('client-sandbox-ramp', { onramp: { config: ['sandbox'] } }),
      )
      expect(features.find((feature) => feature.id === 'onramp')).toEqual({
        id: 'onramp',
        isEnabled: false,
        config: [],
      })
    })
  })

  describe('GET /getWallets on networks the catalogue does not name', () => {
    const chains = DEVNET_NETWORKS.join(',')
    const evm = servingFamily('eip155')

    it('recommends the first EVM wallets on the devnet, each listing the devnet', async () => {
      const { count, data } = await listWallets({ page: '1', entries: '4', chains })
      expect(count).toBe(evm.length)
      expect(namesOf(data)).toEqual(['MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow'])
      // The client keeps a wallet only if one of its networks is among those it asked for.
      for (const wallet of data) {
        expect(
          wallet.chains.filter((chain) => chains.includes(chain)),
          wallet.name,
        ).toEqual(DEVNET_NETWORKS)
      }
    })

    it('pages All Wallets past the recommended ones, each wallet once, in order', async () => {
      const recommended = (await listWallets({ page: '1', entries: '4', chains })).data
      const exclude = recommended.map((wallet) => wallet.id).join(',')
      const seen: Wallet[] = []
      for (let page = 1; ; page++) {
        const { count, data } = await listWallets({
          page: String(page),
          entries: '9',
          exclude,
          chains,
        })
        expect(count).toBe(evm.length - 4)
        if (data.length === 0) break
        seen.push(...data)
      }
      expect(namesOf(seen)).toEqual(namesOf(evm.slice(4)))
      // Bound to the networks they list, or of no EVM family: not offered on the devnet.
      for (const name of [
        'Ledger Live',
        'Argent',
        'Ronin Wallet',
        'Trezor Suite',
        'Solflare',
        'Xverse',
      ])
        expect(namesOf(seen), name).not.toContain(name)
      expect(
        seen.every((wallet) =>
          DEVNET_NETWORKS.every((id) => (wallet.chains as string[]).includes(id)),
        ),
      ).toBe(true)
    })

    it('searches, filters by badge and includes by id on the devnet', async () => {
      const search = await listWallets({ page: '1', entries: '100', search: 'wallet', chains })
      expect(namesOf(search.data)).toEqual(
        namesOf(evm.filter((wallet) => /wallet/i.test(wallet.name))),
      )
      const certified = await listWallets({
        page: '1',
        entries: '100',
        badge_type: 'certified',
        chains,
      })
      expect(namesOf(certified.data)).toEqual(
        namesOf(evm.filter((wallet) => wallet.badge_type === 'certified')),
      )
      const ids = CATALOGUE_WALLETS.filter((wallet) => ['Phantom', 'Argent'].includes(wallet.name))
      const included = await listWallets({
        page: '1',
        entries: '4',
        include: ids.map((wallet) => wallet.id).join(','),
        chains,
      })
      // Argent serves only Ethereum and zkSync: included by id, still not on the devnet.
      expect(namesOf(included.data)).toEqual(['Phantom'])
    })

    it('takes the parameters it sends that Latch does not use (names, rdns, badge, sort)', async () => {
      // Its look-up of the installed wallets' ranks: certified ones by connector name and rdns.
      const { data } = await listWallets({
        page: '1',
        entries: '20',
        badge: 'certified',
        names: 'MetaMask,Browser Wallet',
        rdns: 'io.metamask,io.rabby',
        sort: 'default',
        include_pay_only: 'true',
        chains,
      })
      expect(namesOf(data)).toEqual(namesOf(evm.slice(0, 20)))
    })

    it('matches any network of a family by its namespace, and a listed network exactly', async () => {
      const solana = await listWallets({ page: '1', entries: '100', chains: SOLANA_DEVNET })
      expect(namesOf(solana.data)).toEqual(namesOf(servingFamily('solana')))
      expect(namesOf(solana.data)).toEqual(
        expect.arrayContaining(['Phantom', 'Solflare', 'MetaMask']),
      )
      expect(namesOf(solana.data)).not.toContain('Rainbow')

      const ronin = await listWallets({ page: '1', entries: '100', chains: 'eip155:2020' })
      expect(namesOf(ronin.data)).toContain('Ronin Wallet')
      expect(ronin.data.find((wallet) => wallet.name === 'Ronin Wallet')?.chains).toEqual([
        'eip155:2020',
        'eip155:1',
      ])
    })

    it('treats a wallet an operator adds the same way, unless its row keeps it to its list', async () => {
      try {
        await server.db.query(
          `insert into wallets (id, name, image_id, display_order, chains)
           values ('acme-evm', 'Acme EVM', 'acme-evm', 1, '{eip155:1}'),
                  ('acme-fixed', 'Acme Fixed', 'acme-fixed', 2, '{eip155:1}')`,
        )
        await server.db.query(
          `update wallets set only_listed_chains = true where id = 'acme-fixed'`,
        )
        const { data } = await listWallets({ page: '1', entries: '4', chains })
        expect(data[0]).toMatchObject({
          name: 'Acme EVM',
          chains: ['eip155:1', ...DEVNET_NETWORKS],
        })
        expect(namesOf(data)).not.toContain('Acme Fixed')
      } finally {
        await server.db.query(`delete from wallets where id in ('acme-evm', 'acme-fixed')`)
      }
    })
  })

  describe('GET /public/getAssetImage/{id} with the asset ids of networks and connectors', () => {
    const image = async (id: string) => {
      const response = await get(call(`/public/getAssetImage/${id}`))
      expect(response.statusCode, id).toBe(200)
      expect(response.headers['content-type'], id).toMatch(/^image\/svg\+xml/)
      return response.body
    }
    const title = (svg: string) => /<title>([^<]*)<\/title>/.exec(svg)?.[1]

    it.each([
      ['ba0ba0cd-17c6-4806-ad93-f9d174f17900', 'eip155:1', 'Ethereum'],
      ['41d04d42-da3b-4453-8506-668cc0727900', 'eip155:137', 'Polygon'],
      ['7289c336-3981-4081-c5f4-efc26ac64a00', 'eip155:8453', 'Base'],
      ['3bff954d-5cb0-47a0-9a23-d20192e74600', 'eip155:42161', 'Arbitrum One'],
      ['ab9c186a-c52f-464b-2906-ca59d760a400', 'eip155:10', 'OP Mainnet'],
      ['e909ea0a-f92a-4512-c8fc-748044ea6800', 'eip155:11155111', 'Sepolia'],
      ['a1b58899-f671-4276-6a5e-56ca5bd59700', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana'],
      [
        '0b4838db-0161-4ffe-022d-532bf03dba00',
        'bip122:000000000019d6689c085ae165831e93',
        'Bitcoin',
      ],
    ])('serves network asset %s as the image of %s', async (assetId, caip2, name) => {
      const [byAsset, byCaip2] = await Promise.all([image(assetId), image(caip2)])
      expect(title(byAsset)).toBe(name)
      expect(byAsset).toBe(byCaip2)
    })

    it.each([
      ['ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400', 'WalletConnect', 'library'],
      ['0c2840c3-5b04-4c44-9661-fbd4b49e1800', 'Coinbase', 'library'],
      ['461db637-8616-43ce-035a-d89b8a1d5800', 'Safe', 'library'],
      ['54a1aa77-d202-4f8d-0fb2-5d2bb6db0300', 'Ledger', 'library'],
      ['07ba87ed-43aa-4adf-4540-9e6a2b9cae00', 'Browser Wallet', 'tile'],
    ])('serves connector asset %s as %s from the %s', async (assetId, name, source) => {
      const svg = await image(assetId)
      expect(title(svg)).toBe(name)
      expect(svg.includes('<text')).toBe(source === 'tile')
    })

    it('answers any other well-formed id with a generic image, and keeps CAIP-2 and chain ids', async () => {
      const unknownAsset = await image('00000000-1111-2222-3333-444444444444')
      expect(title(unknownAsset)).toBe('Asset')
      expect(await image('ffffffff-1111-2222-3333-444444444444')).toBe(unknownAsset)
      expect(title(await image('eip155:424242'))).toBe('Network eip155:424242')
      expect(title(await image(DEVNET_NETWORKS[0] as string))).toBe(devnet.chains[0]?.name)
      expect(await image('1')).toBe(await image('eip155:1'))
    })

    it('still answers a malformed id with 400 and a message', async () => {
      const response = await get(call('/public/getAssetImage/a%20b'))
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(
        'params.id: Expected letters, digits, ".", ":", "-" or "_"',
      )
    })
  })

  describe('the plan, telemetry and gateway calls', () => {
    const EVENTS = [
      {
        eventId: '2f0b7d52-8b1e-4a0e-9a53-2f3f1c1d0a11',
        url: `${DEMO_ORIGIN}/`,
        domain: '127.0.0.1',
        timestamp: 1_764_000_000_000,
        props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      },
      {
        eventId: '7c9b1f0e-3d2a-4b5c-8e6f-0a1b2c3d4e5f',
        url: `${DEMO_ORIGIN}/`,
        domain: '127.0.0.1',
        timestamp: 1_764_000_000_500,
        props: { type: 'track', event: 'WALLET_IMPRESSION_V2', items: [{ name: 'MetaMask' }] },
      },
    ]
    const postBatch = (payload: string, contentType: string, url = call('/batch')) =>
      server.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload })

    it('says the project is over no limit', async () => {
      const response = await get(call('/appkit/v1/project-limits'), { origin: DEMO_ORIGIN })
      expect(response.statusCode).toBe(200)
      const { planLimits } = response.json()
      expect(planLimits).toEqual({ tier: 'none', isAboveRpcLimit: false, isAboveMauLimit: false })
      // The client warns of exceeded usage only for a starter plan above a limit.
      expect(
        planLimits.tier === 'starter' && (planLimits.isAboveRpcLimit || planLimits.isAboveMauLimit),
      ).toBe(false)
    })

    it("says analytics are on: the project's analytics feature, on by default", async () => {
      const response = await get(call('/getAnalyticsConfig'))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ isAnalyticsEnabled: true })
    })

    it('takes a batch of events as the beacon sends it (text/plain) or as JSON, each stored once', async () => {
      const stored = []
      for (const contentType of ['text/plain;charset=UTF-8', 'application/json']) {
        const response = await postBatch(JSON.stringify(EVENTS), contentType)
        expect(response.statusCode, contentType).toBe(200)
        expect(response.json()).toMatchObject({ received: 2, isAnalyticsEnabled: true })
        stored.push(response.json().stored)
      }
      // Its nested fields are kept as sent; the second copy of each event is a no-op.
      expect(stored).toEqual([2, 0])
    })

    it.each([
      [
        'an object, not a list',
        '{"eventId":"x"}',
        'Invalid input: expected array, received object',
      ],
      ['text that is no JSON', '[{"eventId":"x"', 'Body is not valid JSON'],
      [
        'an event without its name',
        JSON.stringify([{ ...EVENTS[0], props: { type: 'track' } }]),
        'body.0.props.event: Invalid input: expected string, received undefined',
      ],
      [
        'more than 500 events',
        JSON.stringify(Array.from({ length: 501 }, () => EVENTS[0])),
        'Too big: expected array to have <=500 items',
      ],
    ])('refuses a batch of %s with 400 and a message', async (_what, payload, message) => {
      const response = await postBatch(payload, 'text/plain;charset=UTF-8')
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message })
    })

    it('answers JSON-RPC at /v1/ as at /v1', async () => {
      const rpc = (path: string) =>
        server.app.inject({
          method: 'POST',
          url: `${path}?chainId=${encodeURIComponent(DEVNET_NETWORKS[0] as string)}&projectId=latch-dev`,
          payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        })
      const [plain, slashed] = await Promise.all([rpc('/v1'), rpc('/v1/')])
      expect(slashed.statusCode).toBe(200)
      expect(slashed.json()).toEqual(plain.json())
      expect(slashed.json().result).toBe(`0x${devnet.chains[0]?.chainId.toString(16)}`)
    })

    it('checks the project on every one of these routes', async () => {
      const routes: [method: 'GET' | 'POST', path: string][] = [
        ['GET', '/appkit/v1/project-limits'],
        ['GET', '/getAnalyticsConfig'],
        ['POST', '/batch'],
        ['POST', '/v1/'],
      ]
      for (const [method, path] of routes) {
        const send = (query: string, headers: Record<string, string> = {}) =>
          server.app.inject({
            method,
            url: `${path}?chainId=${DEVNET_NETWORKS[0]}&${query}`,
            headers,
            ...(method === 'POST' && {
              payload:
                path === '/batch' ? EVENTS : { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
            }),
          })
        expect((await send('')).statusCode, path).toBe(400)
        expect((await send('projectId=nobody')).statusCode, path).toBe(401)
        expect(
          (await send('projectId=latch-dev', { origin: 'https://evil.example' })).statusCode,
          path,
        ).toBe(403)
      }
    })
  })

  it('lists every new route in the OpenAPI document', async () => {
    const { paths } = (await get('/docs/json')).json() as { paths: Record<string, object> }
    for (const [path, method] of [
      ['/appkit/v1/project-limits', 'get'],
      ['/getAnalyticsConfig', 'get'],
      ['/batch', 'post'],
      ['/v1/', 'post'],
    ] as const)
      expect(Object.keys(paths[path] ?? {}), path).toContain(method)
  })
})
