import { createHash } from 'node:crypto'
import {
  DEFAULT_FEATURES,
  featureId,
  isCaipNetworkId,
  projectConfigResponse,
  type Wallet,
  walletsResponse,
} from '@latch/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.ts'
import { ProjectStore } from '../src/projects.ts'
import { CATALOGUE, catalogueWallets, walletIdOf } from '../src/registry/catalogue.ts'
import {
  contrastWithWhite,
  IMAGE_CACHE_CONTROL,
  IMAGE_CONTENT_SECURITY_POLICY,
  initials,
} from '../src/registry/images.ts'
import { NETWORK } from '../src/registry/networks.ts'
import { WalletStore } from '../src/registry/wallets.ts'
import { DEMO_ORIGIN, DIALECTS, startTestServer, type TestServer } from './helpers.ts'

const PROJECT = 'projectId=latch-dev&st=latch&sv=0.1.0'
const CATALOGUE_WALLETS = catalogueWallets()
const idOf = (name: string) => {
  const wallet = CATALOGUE_WALLETS.find((entry) => entry.name === name)
  if (!wallet) throw new Error(`no catalogue wallet named ${name}`)
  return wallet.id
}
const names = (wallets: Wallet[]) => wallets.map((wallet) => wallet.name)

describe('wallet catalogue', () => {
  it('has at least 40 wallets with unique slugs, ids and names', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(40)
    for (const key of ['id', 'name', 'image_id'] as const) {
      expect(new Set(CATALOGUE_WALLETS.map((wallet) => wallet[key])).size).toBe(CATALOGUE.length)
    }
  })

  it('derives each id from its slug, so ids never change between releases', () => {
    expect(walletIdOf('metamask')).toBe(createHash('sha256').update('metamask').digest('hex'))
    expect(idOf('MetaMask')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('writes CAIP-2 networks, https pages and native deep links', () => {
    for (const wallet of CATALOGUE_WALLETS) {
      expect(wallet.chains.length, wallet.name).toBeGreaterThan(0)
      expect(
        wallet.chains.every((chain) => isCaipNetworkId(chain)),
        wallet.name,
      ).toBe(true)
      for (const link of [
        wallet.homepage,
        wallet.universal_link,
        wallet.webapp_link,
        wallet.app_store,
        wallet.play_store,
        wallet.chrome_store,
      ]) {
        if (link !== null) expect(link, wallet.name).toMatch(/^https:\/\/[^\s]+$/)
      }
      if (wallet.mobile_link) expect(wallet.mobile_link, wallet.name).toMatch(/^[a-z0-9]+:\/\//)
      if (wallet.rdns) expect(wallet.rdns, wallet.name).toMatch(/^[a-z0-9]+(\.[a-z0-9]+)+$/)
    }
  })

  it('shows initials a person recognises', () => {
    expect(
      ['MetaMask', 'Trust Wallet', 'OKX Wallet', 'Ledger Live', 'imToken', '1inch Wallet'].map(
        initials,
      ),
    ).toEqual(['MM', 'T', 'OKX', 'LL', 'IT', '1'])
    expect(initials('')).toBe('?')
  })
})

describe.each(DIALECTS)('wallet registry on %s', (dialect) => {
  let server: TestServer
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers })
  const listWallets = async (query: string) => {
    const response = await get(`/getWallets?${PROJECT}&${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return walletsResponse.parse(response.json())
  }

  beforeAll(async () => {
    // GitHub credentials (never used here) make github a provider this server can log in with;
    // the on-ramp keys make it offer Coinbase and Meld, beside the development sandbox.
    server = await startTestServer(dialect, {
      SOCIAL_GITHUB_CLIENT_ID: 'github-client',
      SOCIAL_GITHUB_CLIENT_SECRET: 'github-secret',
      ONRAMP_COINBASE_APP_ID: 'coinbase-app',
      ONRAMP_MELD_PUBLIC_KEY: 'meld-key',
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('lists every catalogue wallet, 40 to a page by default, by order', async () => {
    const { count, data } = await listWallets('')
    expect(count).toBe(CATALOGUE.length)
    expect(count).toBeGreaterThanOrEqual(40)
    expect(data).toHaveLength(40)
    const orders = data.map((wallet) => wallet.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(data[0]).toEqual(CATALOGUE_WALLETS[0])
  })

  it('gives the four recommended wallets as the first page of four', async () => {
    const { count, data } = await listWallets('page=1&entries=4')
    expect(count).toBe(CATALOGUE.length)
    expect(names(data)).toEqual(['MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow'])
    expect(data[0]).toMatchObject({
      rdns: 'io.metamask',
      mobile_link: 'metamask://',
      injected: [{ namespace: 'eip155', injected_id: 'isMetaMask' }],
      badge_type: 'certified',
      supports_wc: true,
    })
  })

  it('pages through every wallet exactly once', async () => {
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const { count, data } = await listWallets(`page=${page}&entries=9`)
      expect(count).toBe(CATALOGUE.length)
      if (data.length === 0) break
      seen.push(...data.map((wallet) => wallet.id))
    }
    expect(seen).toHaveLength(CATALOGUE.length)
    expect(new Set(seen).size).toBe(CATALOGUE.length)
    expect(seen).toEqual(CATALOGUE_WALLETS.map((wallet) => wallet.id))
  })

  it('returns only the included wallets, in order', async () => {
    const include = [idOf('Phantom'), idOf('MetaMask'), 'f'.repeat(64)].join(',')
    const { count, data } = await listWallets(`include=${include}`)
    expect(count).toBe(2)
    expect(names(data)).toEqual(['MetaMask', 'Phantom'])
  })

  it('leaves out the excluded wallets', async () => {
    const { count, data } = await listWallets(
      `entries=4&exclude=${idOf('MetaMask')},${idOf('Rainbow')}`,
    )
    expect(count).toBe(CATALOGUE.length - 2)
    expect(names(data)).toEqual(['Trust Wallet', 'Coinbase Wallet', 'Rabby Wallet', 'Phantom'])
  })

  it('keeps the wallets that support any of the requested networks', async () => {
    const solana = await listWallets(`entries=100&chains=${NETWORK.solana}`)
    expect(names(solana.data)).toEqual(expect.arrayContaining(['Phantom', 'Solflare', 'Backpack']))
    expect(names(solana.data)).not.toContain('Rainbow')
    expect(solana.data.every((wallet) => wallet.chains.includes(NETWORK.solana))).toBe(true)

    const either = await listWallets(`entries=100&chains=${NETWORK.bitcoin},${NETWORK.polkadot}`)
    const expected = CATALOGUE_WALLETS.filter(
      (wallet) =>
        wallet.chains.includes(NETWORK.bitcoin) || wallet.chains.includes(NETWORK.polkadot),
    )
    expect(either.count).toBe(expected.length)
    expect(names(either.data)).toEqual(names(expected))
    expect(names(either.data)).toEqual(expect.arrayContaining(['Xverse', 'Polkadot.js']))

    // A network of no family any wallet lists: no wallet.
    expect((await listWallets('chains=tezos:NetXdQprcVkpaWU')).count).toBe(0)
  })

  it('keeps the wallets of the requested chain families, whatever network of it they list', async () => {
    const family = (wallet: Wallet, namespace: string) =>
      wallet.chains.some((chain) => chain.startsWith(`${namespace}:`))
    const evm = await listWallets('entries=100&namespaces=eip155')
    const expected = CATALOGUE_WALLETS.filter((wallet) => family(wallet, 'eip155'))
    expect(evm.count).toBe(expected.length)
    expect(names(evm.data)).toEqual(names(expected))
    // Bitcoin-only and Polkadot-only wallets are not offered to an EVM site.
    expect(names(evm.data)).not.toEqual(expect.arrayContaining(['Xverse']))
    expect(names(evm.data)).not.toContain('Leather')
    expect(names(evm.data)).not.toContain('Polkadot.js')
    expect(names(evm.data)).toContain('MetaMask')

    const solanaOrBitcoin = await listWallets('entries=100&namespaces=solana,bip122')
    expect(names(solanaOrBitcoin.data)).toEqual(
      names(
        CATALOGUE_WALLETS.filter((wallet) => family(wallet, 'solana') || family(wallet, 'bip122')),
      ),
    )
    expect(names(solanaOrBitcoin.data)).toContain('Xverse')
    // A Bitcoin site is offered the main Bitcoin wallets, each with where its provider sits.
    const bitcoin = await listWallets('entries=100&namespaces=bip122')
    const providers = Object.fromEntries(
      bitcoin.data.map((wallet) => [
        wallet.name,
        wallet.injected.find((entry) => entry.namespace === 'bip122')?.injected_id,
      ]),
    )
    expect(providers).toMatchObject({
      Xverse: 'XverseProviders.BitcoinProvider',
      Leather: 'LeatherProvider',
      'UniSat Wallet': 'unisat',
      'OKX Wallet': 'okxwallet.bitcoin',
      Phantom: 'phantom.bitcoin',
    })
    const xverse = bitcoin.data.find((wallet) => wallet.name === 'Xverse')
    expect(xverse?.chains).toEqual([NETWORK.bitcoin, NETWORK.bitcoinTestnet])
    // A Polkadot site is offered the injectedWeb3 extensions, each with its key there.
    const polkadot = await listWallets('entries=100&namespaces=polkadot')
    const extensions = Object.fromEntries(
      polkadot.data.map((wallet) => [
        wallet.name,
        wallet.injected.find((entry) => entry.namespace === 'polkadot')?.injected_id,
      ]),
    )
    expect(extensions).toMatchObject({
      'Polkadot.js': 'polkadot-js',
      Talisman: 'talisman',
      SubWallet: 'subwallet-js',
      'Nova Wallet': 'walletExtension.isNovaWallet',
    })
    expect((await listWallets('namespaces=cosmos')).count).toBe(
      CATALOGUE_WALLETS.filter((wallet) => family(wallet, 'cosmos')).length,
    )
  })

  it('searches names without regard to case, up to 100 a page', async () => {
    const { count, data } = await listWallets('search=WALLET&entries=100')
    const expected = CATALOGUE_WALLETS.filter((wallet) => /wallet/i.test(wallet.name))
    expect(count).toBe(expected.length)
    expect(count).toBeGreaterThan(10)
    expect(names(data)).toEqual(names(expected))

    expect(names((await listWallets('search=mEtA')).data)).toEqual(['MetaMask'])
    // LIKE wildcards in a search are plain characters.
    expect((await listWallets('search=%25')).count).toBe(0)
    expect((await listWallets('search=_')).count).toBe(0)
  })

  it('filters by badge type, and combines filters', async () => {
    const certified = await listWallets('badge_type=certified&entries=100')
    expect(certified.count).toBe(CATALOGUE.filter((wallet) => wallet.certified).length)
    expect(certified.data.every((wallet) => wallet.badge_type === 'certified')).toBe(true)
    const none = await listWallets('badge_type=none')
    expect(none.count + certified.count).toBe(CATALOGUE.length)

    const combined = await listWallets(
      `badge_type=certified&chains=${NETWORK.solana}&search=a&exclude=${idOf('Phantom')}`,
    )
    expect(names(combined.data)).toEqual([
      'MetaMask',
      'Trust Wallet',
      'Coinbase Wallet',
      'OKX Wallet',
    ])
  })

  it.each([
    ['entries=0', 'querystring.entries: Too small: expected number to be >=1'],
    ['entries=101', 'querystring.entries: Too big: expected number to be <=100'],
    ['entries=ten', 'querystring.entries: Expected a whole number'],
    ['page=-1', 'querystring.page: Expected a whole number'],
    ['page=1.5', 'querystring.page: Expected a whole number'],
    ['page=0', 'querystring.page: Too small: expected number to be >=1'],
    ['page=%201', 'querystring.page: Expected a whole number'],
    ['chains=notcaip', 'querystring.chains: "notcaip" is not a CAIP-2 network id such as eip155:1'],
    ['include=a%20b', 'querystring.include: "a b" is not a wallet id'],
    [
      'namespaces=EIP155',
      'querystring.namespaces: "EIP155" is not a chain family such as eip155 or solana',
    ],
    [
      'badge_type=gold',
      'querystring.badge_type: Invalid option: expected one of "certified"|"none"',
    ],
    [
      `search=${'x'.repeat(65)}`,
      'querystring.search: Too big: expected string to have <=64 characters',
    ],
  ])('answers %s with 400 and a message', async (query, message) => {
    const response = await get(`/getWallets?${PROJECT}&${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message })
  })

  it('requires a known project on every registry route', async () => {
    for (const path of [
      '/getWallets',
      `/getWalletImage/${idOf('MetaMask')}`,
      '/appkit/v1/config',
    ]) {
      expect((await get(path)).statusCode, path).toBe(400)
      expect((await get(`${path}?projectId=nobody`)).statusCode, path).toBe(401)
      const foreign = await get(`${path}?${PROJECT}`, { origin: 'https://evil.example' })
      expect(foreign.statusCode, path).toBe(403)
    }
  })

  it('serves an SVG icon for every wallet, the same bytes each time, cacheable', async () => {
    const { data } = await listWallets('entries=100')
    expect(data).toHaveLength(CATALOGUE.length)
    for (const wallet of data) {
      const url = `/getWalletImage/${wallet.image_id}?${PROJECT}`
      const [first, second] = [await get(url), await get(url)]
      expect(first.statusCode, wallet.name).toBe(200)
      expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/)
      expect(first.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL)
      expect(first.headers['content-security-policy']).toBe(IMAGE_CONTENT_SECURITY_POLICY)
      expect(first.headers['x-content-type-options']).toBe('nosniff')
      expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
      expect(first.body).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>$/,
      )
      expect(first.body).toContain(`<title>${wallet.name.replaceAll('&', '&amp;')}</title>`)
      expect(first.body).not.toMatch(/<script|href=|\son[a-z]+=/i)
      // A generated tile's white initials stay readable on its gradient.
      if (first.body.includes('<text')) {
        for (const [, colour] of first.body.matchAll(/stop-color="(#[0-9a-f]{6})"/g)) {
          expect(contrastWithWhite(colour as string), wallet.name).toBeGreaterThanOrEqual(4.5)
        }
      }
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
      expect(second.headers.etag).toBe(first.headers.etag)
    }
  })

  it("serves a wallet's own mark where the icon library has it, a tile of initials otherwise", async () => {
    for (const name of ['MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow', 'Phantom']) {
      const response = await get(`/getWalletImage/${idOf(name)}?${PROJECT}`)
      expect(response.statusCode, name).toBe(200)
      expect(response.body, name).not.toContain('<text')
      expect(response.body, name).toContain('<path')
    }
    // The Rainbow logo is not MetaMask's.
    const [metamask, rainbow] = await Promise.all(
      ['MetaMask', 'Rainbow'].map((name) => get(`/getWalletImage/${idOf(name)}?${PROJECT}`)),
    )
    expect(metamask?.body).not.toBe(rainbow?.body)
    const frame = await get(`/getWalletImage/${idOf('Frame')}?${PROJECT}`)
    expect(frame.body).toContain('>F</text>')
  })

  it('gives wallets without a mark of their own different colours', async () => {
    const colours = await Promise.all(
      ['Frame', 'Brave Wallet', 'Bitget Wallet', 'Taho'].map(async (name) => {
        const response = await get(`/getWalletImage/${idOf(name)}?${PROJECT}`)
        expect(response.body, name).toContain('<text')
        return /stop-color="(#[0-9a-f]{6})"/.exec(response.body)?.[1]
      }),
    )
    expect(new Set(colours).size).toBe(4)
  })

  it.each([
    ['/public/getAssetImage/eip155:1', 'library'],
    ['/public/getAssetImage/eip155:31337', 'library'],
    [`/public/getAssetImage/${NETWORK.solana}`, 'library'],
    ['/public/getTokenImage/ETH', 'library'],
    ['/public/getTokenImage/weth', 'library'],
    ['/public/getTokenImage/USDC', 'library'],
    ['/public/getTokenImage/SPAM', 'tile'],
    ['/public/getCurrencyImage/USD', 'tile'],
  ])('serves %s from the %s, with the SVG safety headers', async (path, source) => {
    const response = await get(`${path}?${PROJECT}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(response.headers['content-security-policy']).toBe(IMAGE_CONTENT_SECURITY_POLICY)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL)
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(response.body.includes('<text'), path).toBe(source === 'tile')
  })

  it('shows the devnet with the Ethereum mark, titled by its own name', async () => {
    const [ethereum, devnet] = await Promise.all([
      get(`/public/getAssetImage/eip155:1?${PROJECT}`),
      get(`/public/getAssetImage/eip155:31337?${PROJECT}`),
    ])
    expect(devnet.body).toContain('<title>Latch Devnet</title>')
    expect(devnet.body.replace(/<title>.*<\/title>/, '').replace(/aria-label="[^"]*"/, '')).toBe(
      ethereum.body.replace(/<title>.*<\/title>/, '').replace(/aria-label="[^"]*"/, ''),
    )
  })

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const url = `/getWalletImage/${idOf('Rabby Wallet')}?${PROJECT}`
    const { headers } = await get(url)
    const etag = headers.etag as string
    for (const ifNoneMatch of [etag, `"stale", ${etag}`, `W/${etag}`, '*']) {
      const cached = await get(url, { 'if-none-match': ifNoneMatch })
      expect(cached.statusCode, ifNoneMatch).toBe(304)
      expect(cached.body).toBe('')
      expect(cached.headers.etag).toBe(etag)
      expect(cached.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL)
    }
    expect((await get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200)
  })

  it.each([
    ['/public/getAssetImage/eip155:1', 'Ethereum'],
    ['/public/getAssetImage/1', 'Ethereum'],
    [`/public/getAssetImage/${NETWORK.solana}`, 'Solana'],
    [`/public/getAssetImage/${NETWORK.bitcoin}`, 'Bitcoin'],
    ['/public/getAssetImage/eip155:31337', 'Latch Devnet'],
    ['/public/getCurrencyImage/USD', 'US Dollar'],
    ['/public/getCurrencyImage/eur', 'Euro'],
    ['/public/getTokenImage/ETH', 'Ether'],
    ['/public/getTokenImage/USDC', 'USD Coin'],
    ['/public/getTokenImage/dai', 'Dai'],
    ['/public/getTokenImage/WBTC', 'Wrapped Bitcoin'],
    ['/public/getTokenImage/WETH', 'Wrapped Ether'],
  ])('serves %s as an SVG titled %s', async (path, title) => {
    const response = await get(`${path}?${PROJECT}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(response.headers.etag).toBeDefined()
    expect(response.body).toContain(`<title>${title}</title>`)
  })

  it('shows the same image for one asset however its id is spelled', async () => {
    const [caip, bare] = await Promise.all([
      get(`/public/getAssetImage/eip155:1?${PROJECT}`),
      get(`/public/getAssetImage/1?${PROJECT}`),
    ])
    expect(bare.body).toBe(caip.body)
    const [upper, lower] = await Promise.all([
      get(`/public/getTokenImage/USDC?${PROJECT}`),
      get(`/public/getTokenImage/usdc?${PROJECT}`),
    ])
    expect(lower.body).toBe(upper.body)
  })

  it.each([
    ['/getWalletImage/unknown-wallet', 'No wallet image "unknown-wallet"'],
    ['/public/getCurrencyImage/XYZ', 'No currency image "XYZ"'],
    // Any ticker of 1-11 letters and digits gets a generated coin; this one is too long.
    ['/public/getTokenImage/TWELVELETTER', 'No token image "TWELVELETTER"'],
  ])('answers an unknown %s with 404 JSON', async (path, message) => {
    const response = await get(`${path}?${PROJECT}`)
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message })
  })

  it('answers a malformed image id with 400', async () => {
    const response = await get(`/public/getTokenImage/a%20b?${PROJECT}`)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(
      'params.id: Expected letters, digits, ".", ":", "-" or "_"',
    )
    const tooLong = await get(`/getWalletImage/${'a'.repeat(101)}?${PROJECT}`)
    expect(tooLong.statusCode).toBe(414)
    expect(tooLong.json()).toMatchObject({ statusCode: 414, message: expect.any(String) })
  })

  it('serves wallets an operator adds by SQL, hides disabled ones, and keeps both on restart', async () => {
    const store = new WalletStore(server.db)
    const evilName = '<script>alert("x")</script> & Co'
    try {
      await server.db.query(
        `insert into wallets (id, name, image_id, display_order, chains, homepage)
         values ('acme-wallet', $1, 'acme-wallet-icon', 15, '{eip155:1}', 'https://acme.example')`,
        [evilName],
      )
      await server.db.query(`update wallets set enabled = false where id = $1`, [
        idOf('Trust Wallet'),
      ])
      // A hand edit of a catalogue row is undone by the next start; operator rows are kept.
      await server.db.query(`update wallets set name = 'Renamed' where id = $1`, [idOf('Rainbow')])
      await store.seedCatalogue()

      const { count, data } = await listWallets('entries=4')
      expect(count).toBe(CATALOGUE.length)
      expect(names(data)).toEqual(['MetaMask', evilName, 'Coinbase Wallet', 'Rainbow'])
      expect(data[1]).toMatchObject({
        id: 'acme-wallet',
        image_id: 'acme-wallet-icon',
        order: 15,
        homepage: 'https://acme.example',
        mobile_link: null,
        rdns: null,
        injected: [],
        chains: ['eip155:1'],
        categories: [],
        badge_type: 'none',
        supports_wc: true,
      })

      const image = await get(`/getWalletImage/acme-wallet-icon?${PROJECT}`)
      expect(image.statusCode).toBe(200)
      expect(image.body).not.toContain('<script')
      expect(image.body).toContain(
        '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</title>',
      )
    } finally {
      await server.db.query(`delete from wallets where id = 'acme-wallet'`)
      await server.db.query(`update wallets set enabled = true where id = $1`, [
        idOf('Trust Wallet'),
      ])
    }
  })

  it('rewrites nothing on a restart when the catalogue has not changed', async () => {
    const lastWrite = async () =>
      (await server.db.query<{ at: string }>('select max(updated_at)::text as at from wallets'))[0]
        ?.at
    const before = await lastWrite()
    await new WalletStore(server.db).seedCatalogue()
    expect(await lastWrite()).toBe(before)
  })

  it('refuses a hand-written wallet row the API could not serve', async () => {
    const insert = (chains: string) =>
      server.db.query(
        `insert into wallets (id, name, image_id, display_order, chains)
         values ('bad-wallet', 'Bad', 'bad-wallet', 1, $1::text[])`,
        [chains],
      )
    await expect(insert('{notcaip}')).rejects.toThrow(/wallets_chains_check/)
    await expect(insert('{eip155:1,"eip155 :1"}')).rejects.toThrow(/wallets_chains_check/)
  })

  it('gives a project that sets no features the default features', async () => {
    const response = await get(`/appkit/v1/config?${PROJECT}`, { origin: DEMO_ORIGIN })
    expect(response.statusCode).toBe(200)
    const { features } = projectConfigResponse.parse(response.json())
    expect(features.map((feature) => feature.id)).toEqual(featureId.options)
    const enabled = features.filter((feature) => feature.isEnabled).map((feature) => feature.id)
    expect(enabled).toEqual([
      'social_login',
      'email',
      'swap',
      'onramp',
      'activity',
      'send',
      'receive',
      'analytics',
    ])
    // Only the providers this server can log in with (GitHub and the devnet's), and farcaster.
    expect(features.find((feature) => feature.id === 'social_login')?.config).toEqual([
      'farcaster',
      'github',
      'dev',
    ])
    // The project's default providers, and the sandbox this development server runs.
    expect(features.find((feature) => feature.id === 'onramp')?.config).toEqual([
      'coinbase',
      'meld',
      'sandbox',
    ])
    expect(features.find((feature) => feature.id === 'latch_branding')).toEqual({
      id: 'latch_branding',
      isEnabled: false,
      config: null,
    })
  })

  it("applies a project's own feature settings over the defaults", async () => {
    const projects = new ProjectStore(server.db)
    await projects.upsert({
      id: 'no-swaps',
      name: 'No swaps',
      allowedOrigins: [],
      features: {
        swap: { isEnabled: false },
        social_login: { config: ['github', 'google'] },
        multi_wallet: { isEnabled: true },
      },
    })
    const response = await get('/appkit/v1/config?projectId=no-swaps&st=latch')
    expect(response.statusCode).toBe(200)
    const { features } = projectConfigResponse.parse(response.json())
    const byId = Object.fromEntries(features.map((feature) => [feature.id, feature]))
    expect(byId.swap).toEqual({ id: 'swap', isEnabled: false, config: ['uniswap_v2'] })
    // Google is dropped: this server has no Google credentials.
    expect(byId.social_login).toEqual({ id: 'social_login', isEnabled: true, config: ['github'] })
    expect(byId.multi_wallet?.isEnabled).toBe(true)
    expect(byId.onramp).toEqual({
      id: 'onramp',
      isEnabled: DEFAULT_FEATURES.onramp.isEnabled,
      config: [...DEFAULT_FEATURES.onramp.config, 'sandbox'],
    })

    // Upserting without features (as the dev-project seed does) keeps them.
    await projects.upsert({ id: 'no-swaps', name: 'Still no swaps', allowedOrigins: [] })
    const again = await get('/appkit/v1/config?projectId=no-swaps&st=latch')
    expect(again.json().features.find((feature: { id: string }) => feature.id === 'swap')).toEqual({
      id: 'swap',
      isEnabled: false,
      config: ['uniswap_v2'],
    })
  })

  it('skips feature settings written by hand that do not fit, instead of failing', async () => {
    await new ProjectStore(server.db).upsert({
      id: 'hand-edited',
      name: 'Hand',
      allowedOrigins: [],
    })
    await server.db.query(`update projects set features = $1::jsonb where id = 'hand-edited'`, [
      JSON.stringify({
        swap: { isEnabled: 'no' },
        onramp: { isEnabled: false, config: ['moonpay'] },
        activity: 'off',
        teleport: { isEnabled: true },
      }),
    ])
    const response = await get('/appkit/v1/config?projectId=hand-edited&st=latch')
    expect(response.statusCode).toBe(200)
    const byId = Object.fromEntries(
      projectConfigResponse.parse(response.json()).features.map((feature) => [feature.id, feature]),
    )
    expect(byId.swap?.isEnabled).toBe(true)
    expect(byId.onramp).toEqual({
      id: 'onramp',
      isEnabled: false,
      config: ['coinbase', 'meld', 'sandbox'],
    })
    expect(byId.activity?.isEnabled).toBe(true)
    expect(Object.keys(byId)).not.toContain('teleport')
  })

  it('lists the registry routes in the OpenAPI document', async () => {
    const document = (await get('/docs/json')).json()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/getWallets',
        '/getWalletImage/{id}',
        '/public/getAssetImage/{id}',
        '/public/getCurrencyImage/{id}',
        '/public/getTokenImage/{id}',
        '/appkit/v1/config',
        '/projects/v1/origins',
      ]),
    )
    const getWallets = document.paths['/getWallets'].get
    expect(getWallets.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining([
        'projectId',
        'page',
        'entries',
        'include',
        'exclude',
        'chains',
        'search',
        'badge_type',
      ]),
    )
    expect(
      Object.keys(document.paths['/getWalletImage/{id}'].get.responses['200'].content),
    ).toEqual(['image/svg+xml'])
  })
})

describe('localhost origins', () => {
  const servers: TestServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })
  const start = async (env: Record<string, string> = {}) => {
    const server = await startTestServer('pglite', env)
    servers.push(server)
    return server
  }
  const fetchFrom = (server: TestServer, origin: string) =>
    server.app.inject({
      method: 'GET',
      url: `/getWallets?${PROJECT}&entries=4`,
      headers: { origin },
    })

  it('are allowed for every project outside production, on any port, with CORS headers', async () => {
    const server = await start()
    expect(server.config.allowLocalhost).toBe(true)
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://localhost']) {
      const response = await fetchFrom(server, origin)
      expect(response.statusCode, origin).toBe(200)
      expect(response.headers['access-control-allow-origin'], origin).toBe(origin)
    }
    for (const origin of ['http://localhost.evil.example', 'http://127.0.0.1.evil.example']) {
      expect((await fetchFrom(server, origin)).statusCode, origin).toBe(403)
    }
  })

  it('are refused with ALLOW_LOCALHOST=false, unless the project lists them', async () => {
    const server = await start({ ALLOW_LOCALHOST: 'false' })
    expect(server.config.allowLocalhost).toBe(false)
    const refused = await fetchFrom(server, 'http://localhost:3000')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(
      'Origin http://localhost:3000 is not allowed for project "latch-dev"',
    )
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    // The demo's own loopback origin is on the dev project's list: still served.
    expect((await fetchFrom(server, DEMO_ORIGIN)).statusCode).toBe(200)
  })

  it('default to off in production, and ALLOW_LOCALHOST overrides either way', () => {
    expect(loadConfig({}).allowLocalhost).toBe(true)
    // Production requires the embedded wallet's master key.
    const production = { NODE_ENV: 'production', WALLET_MASTER_KEY: 'ab'.repeat(32) }
    expect(loadConfig(production).allowLocalhost).toBe(false)
    expect(loadConfig({ ...production, ALLOW_LOCALHOST: 'true' }).allowLocalhost).toBe(true)
    expect(loadConfig({ ALLOW_LOCALHOST: '0' }).allowLocalhost).toBe(false)
    expect(() => loadConfig({ ALLOW_LOCALHOST: 'maybe' })).toThrow(
      'ALLOW_LOCALHOST: ALLOW_LOCALHOST must be true or false',
    )
  })
})
