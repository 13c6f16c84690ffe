// A site's setup mistakes, with createLatch as a site calls it against the real server (or a port
// where nothing listens): each is one console line naming what is wrong and how to fix it, the
// visitor's alert where they are affected, no email or social login the server cannot back, and
// the browser's own wallets (here a Wallet Standard one) listed and connecting all the same.
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listeningTestServer, TEST_FRAME_URL } from '../../../apps/server/test/helpers.ts'
import { defineSolanaNetwork } from './chains/solana/network.ts'
import { createTestSolanaWallet } from './chains/solana/testSolanaWallet.fixture.ts'
import { createLatch, type Latch, type LatchConfig, walletFromOption } from './createLatch.ts'
import { defineEvmNetwork } from './network/index.ts'
import { createMemoryStorage } from './storage/index.ts'
import { walletConnect } from './walletconnect.ts'

const evm = defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:9' })
const solana = defineSolanaNetwork({
  caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
  name: 'Latch Solana',
})
// A loopback port where nothing listens.
const CLOSED = 'http://127.0.0.1:9'

const server = listeningTestServer()
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.restoreAllMocks()
})

/** The kit's lines in the developer's console, as `level: text`, from now on. */
function kitConsole(): string[] {
  const lines: string[] = []
  for (const level of ['error', 'warn'] as const) {
    const original = console[level]
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ')
      if (text.startsWith('[latch]')) lines.push(`${level}: ${text}`)
      else original(...args)
    })
  }
  return lines
}

/** A site on the dev project, with email and social login, the devnet chain and Solana. */
function site(config: Partial<LatchConfig> = {}): Latch {
  return createLatch({
    projectId: 'latch-dev',
    serverUrl: server.url,
    networks: [evm, solana],
    storage: createMemoryStorage(),
    enableInjected: false,
    walletFrameUrl: TEST_FRAME_URL,
    ...config,
  })
}

/** Starts the page, then connects the browser's Solana wallet as a click on its row does. */
async function startAndConnectBrowserWallet(latch: Latch): Promise<void> {
  const name = `Sol ${Math.random().toString(36).slice(2, 8)}`
  const wallet = createTestSolanaWallet({ name, chains: [solana.caipNetworkId] })
  cleanups.push(getWallets().register(wallet))
  await latch.start()
  const listed = await vi.waitFor(() => {
    const found = latch.wallets.get().find((option) => option.name === name)
    if (!found) throw new Error(`${name} is not listed`)
    return found
  })
  await latch.connectWallet(walletFromOption(listed))
  expect(latch.activeAccount.get()?.address).toBe(wallet.core.address)
}

const noLogins = { email: false, socials: [] }

describe('createLatch reports setup mistakes at once', () => {
  it('says nothing of a site set up right, and offers its logins', async () => {
    const lines = kitConsole()
    const latch = site()
    await startAndConnectBrowserWallet(latch)
    expect(lines).toEqual([])
    expect(latch.alerts.state.get().open).toBe(false)
    expect(latch.features.get().email).toBe(true)
  })

  it('names the server URL that did not answer, and offers no email or social login', async () => {
    const lines = kitConsole()
    const latch = site({ serverUrl: CLOSED })
    await startAndConnectBrowserWallet(latch)
    expect(lines).toEqual([
      `error: [latch] Service Unreachable: the Latch server at ${CLOSED} did not answer. Check the serverUrl option and that the server is running; until then only wallets installed in the browser are offered.`,
    ])
    expect(latch.alerts.state.get()).toMatchObject({ open: true, title: 'Service Unreachable' })
    expect(latch.features.get()).toMatchObject(noLogins)
  })

  it("says how to set an empty projectId, and still lists and restores the browser's wallets", async () => {
    const lines = kitConsole()
    const storage = createMemoryStorage()
    const latch = site({ projectId: '  ', storage })
    await startAndConnectBrowserWallet(latch)
    expect(lines).toEqual([
      'error: [latch] Project ID Not Configured: createLatch was given no projectId. Pass the id of a project on your Latch server (it seeds the one its DEV_PROJECT_ID names, latch-dev unless set); until then only wallets installed in the browser are offered.',
    ])
    expect(latch.alerts.state.get()).toMatchObject({
      open: true,
      title: 'Project ID Not Configured',
    })
    expect(latch.features.get()).toMatchObject(noLogins)
    // The next visit finds the wallet connected, as with any project id.
    const reloaded = site({ projectId: '  ', storage })
    await reloaded.start()
    expect(reloaded.activeAccount.get()).toEqual(latch.activeAccount.get())
  })

  it('names a projectId the server does not know (401)', async () => {
    const lines = kitConsole()
    const latch = site({ projectId: 'nobody' })
    await startAndConnectBrowserWallet(latch)
    expect(lines).toEqual([
      `error: [latch] Invalid Project ID: the Latch server at ${server.url} has no project "nobody". Pass the id of one of its projects as projectId (it seeds the one its DEV_PROJECT_ID names); until then only wallets installed in the browser are offered.`,
    ])
    expect(latch.alerts.state.get()).toMatchObject({ open: true, title: 'Invalid Project ID' })
    expect(latch.features.get()).toMatchObject(noLogins)
  })

  it('names an origin the project does not allow (403) and where to allow it', async () => {
    const origin = 'https://shop.example'
    Object.defineProperty(globalThis, 'location', { value: { origin }, configurable: true })
    cleanups.push(() => Reflect.deleteProperty(globalThis, 'location'))
    const lines = kitConsole()
    // The Origin header a browser sends with every call of a page on that origin.
    const fromShop: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as object), origin } })
    const latch = site({ fetch: fromShop })
    await startAndConnectBrowserWallet(latch)
    expect(lines).toEqual([
      `error: [latch] Invalid App Configuration: the Latch server at ${server.url} refuses pages on ${origin} for project "latch-dev". Add ${origin} to the project's allowed origins: DEV_PROJECT_ORIGINS in the server's environment (comma-separated; unset, it is CORS_ORIGINS), then restart the server; until then only wallets installed in the browser are offered.`,
    ])
    expect(latch.alerts.state.get()).toMatchObject({
      open: true,
      title: 'Invalid App Configuration',
    })
    expect(latch.features.get()).toMatchObject(noLogins)
  })

  it('says email and social login need walletFrameUrl, unless the site turned them off', async () => {
    const lines = kitConsole()
    const latch = site({ walletFrameUrl: undefined })
    await startAndConnectBrowserWallet(latch)
    expect(lines).toEqual([
      "warn: [latch] Email and social login are off: they need the walletFrameUrl option, the Latch server's FRAME_URL (e.g. http://127.0.0.1:8788). Pass it, or set features: { email: false, socials: false } to offer wallets only.",
    ])
    expect(latch.features.get()).toMatchObject(noLogins)
    // Nothing a visitor needs to know: the modal just offers wallets.
    expect(latch.alerts.state.get().open).toBe(false)

    const walletsOnly = site({
      walletFrameUrl: undefined,
      features: { email: false, socials: false },
    })
    await walletsOnly.start()
    expect(lines).toHaveLength(1)
  })

  it.each([
    ['not a url', 'is not a URL'],
    ['javascript:alert(1)', 'is not an http(s) URL'],
  ])(
    'reports the walletFrameUrl %j without throwing, and runs without the frame',
    async (given, reason) => {
      const lines = kitConsole()
      const latch = site({ walletFrameUrl: given })
      expect(latch.embedded).toBeUndefined()
      await startAndConnectBrowserWallet(latch)
      expect(lines).toEqual([
        `error: [latch] Invalid App Configuration: walletFrameUrl "${given}" ${reason}, so email and social login are off. Pass the Latch server's FRAME_URL, e.g. http://127.0.0.1:8788.`,
      ])
      expect(latch.features.get()).toMatchObject(noLogins)
    },
  )

  it('says how to offer WalletConnect when the option lacks its client, and runs without it', async () => {
    const lines = kitConsole()
    // A plain object, as JavaScript or an old snippet passes it: no client to load.
    const plain = { projectId: 'latch-dev', relayUrl: 'ws://127.0.0.1:9' }
    const latch = site({ walletConnect: plain as unknown as LatchConfig['walletConnect'] })
    expect(latch.walletConnect).toBeUndefined()
    await startAndConnectBrowserWallet(latch)
    expect(lines).toEqual([
      "error: [latch] WalletConnect is off: the walletConnect option needs the client it loads. Install @walletconnect/universal-provider and pass walletConnect: walletConnect({ projectId, relayUrl }), with walletConnect imported from '@latch/core/walletconnect'.",
    ])

    const offered = site({ walletConnect: walletConnect(plain) })
    expect(offered.walletConnect).toBeDefined()
    await offered.start()
    expect(lines).toHaveLength(1)
  })

  it('reports every mistake of an instance, and those of each instance on the page', async () => {
    const lines = kitConsole()
    for (let instance = 0; instance < 2; instance += 1)
      await site({ serverUrl: CLOSED, walletFrameUrl: 'nope' }).start()
    const said = lines.map((line) => line.slice(0, line.indexOf(':', line.indexOf(']'))))
    expect(said).toEqual([
      'error: [latch] Invalid App Configuration',
      'error: [latch] Service Unreachable',
      'error: [latch] Invalid App Configuration',
      'error: [latch] Service Unreachable',
    ])
  })
})
