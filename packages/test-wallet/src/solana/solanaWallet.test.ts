import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { parseSiwsMessage } from '@latch/protocol/siwx'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { startKitDevnet } from '../../../devnet/src/solana/kit.fixture.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts'
import { installMultichainTestWallet } from '../multichain.ts'
import {
  installSolanaTestWallet,
  type SolanaTestWallet,
  type SolanaTestWalletOptions,
} from './install.ts'
import { verifyEd25519 } from './keys.ts'
import { sendWireTransaction } from './send.ts'
import { SOLANA_TEST_WALLET_FEATURES, type StandardSolanaTestWallet } from './standard.ts'

// The package's CommonJS entry, to find its ES module build beside it.
const appModule = join(
  dirname(createRequire(import.meta.url).resolve('@wallet-standard/app')),
  '../esm/wallets.js',
)

// The app side, as a kit would run it: @wallet-standard/app's getWallets() served unbundled
// (its module has no imports), and a few helpers the tests call through page.evaluate.
const dappHtml = `<!doctype html><title>dapp</title><body>dapp</body>
<script type="module">
import { getWallets } from '/wallet-standard-app.js'
const api = getWallets()
window.changes = []
window.announced = []
window.addEventListener('eip6963:announceProvider', (event) => window.announced.push(event.detail))
window.dispatchEvent(new Event('eip6963:requestProvider'))
const watched = new WeakSet()
window.names = () => api.get().map((wallet) => wallet.name)
window.findWallet = (name) => {
  const wallet = api.get().find((w) => w.name === name)
  if (wallet && !watched.has(wallet)) {
    wallet.features['standard:events'].on('change', (p) => window.changes.push(p.accounts.map((a) => a.address)))
    watched.add(wallet)
  }
  return wallet
}
window.ready = true
</script>`

const WALLET = 'Latch Solana Test Wallet'

type Bytes = { $bytes: number[] }
type Called = { result?: unknown; error?: { name: string; code: number; message: string } }
type DappWindow = Window & {
  ready: boolean
  announced: {
    info: { name: string; icon: string; rdns: string }
    provider: { request(args: { method: string }): Promise<unknown> }
  }[]
  changes: string[][]
  names(): string[]
  findWallet(name: string): StandardSolanaTestWallet
}

let kit: Awaited<ReturnType<typeof startKitDevnet>>
let server: Server
let pageUrl: string
let browser: Browser
let context: BrowserContext | undefined

beforeAll(async () => {
  const appSource = readFileSync(appModule, 'utf8')
  server = createServer((request, response) => {
    if (request.url === '/wallet-standard-app.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(appSource)
      return
    }
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(dappHtml)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  ;[kit, browser] = await Promise.all([
    startKitDevnet(),
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
  ])
})

afterAll(async () => {
  await browser?.close()
  await kit?.devnet.stop()
  await new Promise((resolve) => server?.close(resolve))
})

afterEach(async () => {
  await context?.close()
  context = undefined
})

const devnetAccount = (index: number) => {
  const account = kit.devnet.keys.accounts[index]
  if (!account) throw new Error(`no devnet account ${index}`)
  return account
}

async function open(page: Page) {
  await page.goto(pageUrl)
  await page.waitForFunction(() => (window as unknown as DappWindow).ready === true)
}

/** A new context with the wallet of devnet account `index` installed, and the dapp open. */
async function setup(
  index = 1,
  extra: Partial<SolanaTestWalletOptions> = {},
): Promise<{ wallet: SolanaTestWallet; page: Page }> {
  context = await browser.newContext()
  const wallet = await installSolanaTestWallet(context, {
    secretKey: devnetAccount(index).secretKey,
    rpcUrl: kit.devnet.rpcUrl,
    chains: [kit.devnet.caipNetworkId, 'solana:localnet'],
    ...extra,
  })
  const page = await context.newPage()
  await open(page)
  return { wallet, page }
}

/**
 * Calls `feature`'s `method` in the page with `args`. In args, '$account' stands for the
 * wallet's connected account and { $bytes } for a Uint8Array; in the result, byte arrays come
 * back as { $bytes } and accounts as their address.
 */
function call(
  page: Page,
  feature: string,
  method: string,
  args: unknown[] = [],
  walletName = WALLET,
): Promise<Called> {
  return page.evaluate(
    async ([name, feature, method, args]) => {
      const wallet = (window as unknown as DappWindow).findWallet(name)
      const revive = (value: unknown): unknown => {
        if (value === '$account') return wallet.accounts[0] ?? { address: 'not connected' }
        if (Array.isArray(value)) return value.map(revive)
        if (value && typeof value === 'object') {
          const record = value as Record<string, unknown>
          if (Array.isArray(record.$bytes)) return new Uint8Array(record.$bytes as number[])
          return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, revive(v)]))
        }
        return value
      }
      const plain = (value: unknown): unknown => {
        if (value instanceof Uint8Array) return { $bytes: Array.from(value) }
        if (Array.isArray(value)) return value.map(plain)
        if (value && typeof value === 'object') {
          const record = value as Record<string, unknown>
          if (typeof record.address === 'string' && record.publicKey instanceof Uint8Array) {
            return record.address
          }
          return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, plain(v)]))
        }
        return value
      }
      try {
        // Called by name, so the test can reach every feature the same way.
        const features = wallet.features as unknown as Record<
          string,
          Record<string, (...a: unknown[]) => Promise<unknown>> | undefined
        >
        const fn = features[feature]?.[method] as (...a: unknown[]) => Promise<unknown>
        return { result: plain(await fn(...(args.map(revive) as unknown[]))) }
      } catch (error) {
        const { name, code, message } = error as Error & { code: number }
        return { error: { name, code, message } }
      }
    },
    [walletName, feature, method, args] as const,
  )
}

const connect = (page: Page, silent = false) =>
  call(page, 'standard:connect', 'connect', silent ? [{ silent: true }] : [])
const accountsOf = (page: Page) =>
  page.evaluate(
    (name) => (window as unknown as DappWindow).findWallet(name).accounts.map((a) => a.address),
    WALLET,
  )
const changes = (page: Page) => page.evaluate(() => (window as unknown as DappWindow).changes)
const bytes = (value: Uint8Array): Bytes => ({ $bytes: Array.from(value) })
const fromBytes = (value: unknown) => new Uint8Array((value as Bytes).$bytes)

/** An unsigned SOL transfer from `from`, as wire bytes built and encoded by @solana/kit. */
async function transfer(version: 'legacy' | 0, from: string, to: string, amount: bigint) {
  const { value: latest } = await kit.rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(address(from)),
          destination: address(to),
          amount: lamports(amount),
        }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

const balance = async (owner: string) => (await kit.rpc.getBalance(address(owner)).send()).value

describe('installSolanaTestWallet', () => {
  it('registers by the Wallet Standard with its chains and features, and no account before connect', async () => {
    const { page } = await setup()
    expect(await page.evaluate(() => (window as unknown as DappWindow).names())).toEqual([WALLET])
    const shape = await page.evaluate((name: string) => {
      const wallet = (window as unknown as DappWindow).findWallet(name)
      return {
        version: wallet.version,
        icon: wallet.icon,
        chains: wallet.chains,
        features: Object.fromEntries(
          Object.entries(wallet.features).map(([k, v]) => [k, (v as { version: string }).version]),
        ),
        txVersions: wallet.features['solana:signTransaction'].supportedTransactionVersions,
        accounts: wallet.accounts.length,
      }
    }, WALLET)
    expect(shape).toEqual({
      version: '1.0.0',
      icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      chains: [kit.devnet.caipNetworkId, 'solana:localnet'],
      features: {
        'standard:connect': '1.0.0',
        'standard:disconnect': '1.0.0',
        'standard:events': '1.0.0',
        'solana:signMessage': '1.1.0',
        'solana:signTransaction': '1.0.0',
        'solana:signAndSendTransaction': '1.0.0',
        'solana:signIn': '1.0.0',
      },
      txVersions: ['legacy', 0],
      accounts: 0,
    })
    expect(Object.keys(shape.features)).toEqual([...SOLANA_TEST_WALLET_FEATURES])
  })

  it('connects after approval, reconnects silently after a reload, and never asks a stranger silently', async () => {
    const asked: string[] = []
    const { wallet, page } = await setup(1, {
      decide: ({ method }) => {
        asked.push(method)
        return 'approve'
      },
    })
    // Silent before approval: no account, and nobody asked.
    expect(await connect(page, true)).toEqual({ result: { accounts: [] } })
    expect(asked).toEqual([])

    const connected = await connect(page)
    expect(connected).toEqual({ result: { accounts: [wallet.address] } })
    expect(asked).toEqual(['standard:connect'])
    expect(await accountsOf(page)).toEqual([wallet.address])
    expect(await changes(page)).toEqual([[wallet.address]])
    const publicKey = await page.evaluate(
      (name) =>
        Array.from((window as unknown as DappWindow).findWallet(name).accounts[0]?.publicKey ?? []),
      WALLET,
    )
    expect(new Uint8Array(publicKey)).toEqual(wallet.publicKey)

    await page.reload()
    await page.waitForFunction(() => (window as unknown as DappWindow).ready === true)
    expect(await accountsOf(page)).toEqual([])
    expect(await connect(page, true)).toEqual({ result: { accounts: [wallet.address] } })
    expect(asked).toEqual(['standard:connect'])
    expect(wallet.requests.map((r) => [r.method, r.params[0], r.origin])).toEqual([
      ['standard:connect', { silent: true }, new URL(pageUrl).origin],
      ['standard:connect', { silent: false }, new URL(pageUrl).origin],
      ['standard:connect', { silent: true }, new URL(pageUrl).origin],
    ])
  })

  it('signs a message that verifies with ed25519 for the account', async () => {
    const { wallet, page } = await setup()
    await connect(page)
    const message = new TextEncoder().encode('hello latch')
    const { result } = await call(page, 'solana:signMessage', 'signMessage', [
      { account: '$account', message: bytes(message) },
    ])
    const [output] = result as { signedMessage: Bytes; signature: Bytes; signatureType: string }[]
    expect(output?.signatureType).toBe('ed25519')
    expect(fromBytes(output?.signedMessage)).toEqual(message)
    expect(verifyEd25519(wallet.publicKey, message, fromBytes(output?.signature))).toBe(true)
  })

  it('refuses to sign for a page that has not connected', async () => {
    const { page } = await setup()
    const { error } = await call(page, 'solana:signMessage', 'signMessage', [
      { account: '$account', message: bytes(new Uint8Array([1])) },
    ])
    expect(error).toEqual({
      name: 'WalletSignMessageError',
      code: 4100,
      message: 'The requested account has not been authorized by the user.',
    })
  })

  it('signs and sends a legacy and a v0 transfer that land on the devnet', async () => {
    const { wallet, page } = await setup(2)
    await connect(page)
    for (const version of ['legacy', 0] as const) {
      const { address: to } = await generateKeyPairSigner()
      const transaction = await transfer(version, wallet.address, to, 7_000_000n)
      const { result, error } = await call(
        page,
        'solana:signAndSendTransaction',
        'signAndSendTransaction',
        [
          {
            account: '$account',
            transaction: bytes(transaction),
            chain: kit.devnet.caipNetworkId,
            options: { commitment: 'confirmed' },
          },
        ],
      )
      expect(error).toBeUndefined()
      const signature = getBase58Decoder().decode(
        fromBytes((result as { signature: Bytes }[])[0]?.signature),
      )
      expect(await balance(to)).toBe(7_000_000n)
      const landed = await kit.call('getTransaction', [
        signature,
        { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ])
      expect(landed.result).toMatchObject({ transaction: { signatures: [signature] } })
    }
  })

  it('signs a transaction the site then sends itself', async () => {
    const { wallet, page } = await setup(3)
    await connect(page)
    const { address: to } = await generateKeyPairSigner()
    const transaction = await transfer(0, wallet.address, to, 2_000_000n)
    const { result } = await call(page, 'solana:signTransaction', 'signTransaction', [
      { account: '$account', transaction: bytes(transaction), chain: kit.devnet.caipNetworkId },
    ])
    const signed = fromBytes((result as { signedTransaction: Bytes }[])[0]?.signedTransaction)
    expect(signed.length).toBe(transaction.length)
    await sendWireTransaction(kit.devnet.rpcUrl, signed, { commitment: 'confirmed' })
    expect(await balance(to)).toBe(2_000_000n)
  })

  it("passes the node's refusal on as an Error the page can read", async () => {
    const { wallet, page } = await setup(4)
    await connect(page)
    const { address: to } = await generateKeyPairSigner()
    // More than the account holds (1,000 SOL).
    const transaction = await transfer(0, wallet.address, to, 2_000_000_000_000n)
    const { error } = await call(page, 'solana:signAndSendTransaction', 'signAndSendTransaction', [
      { account: '$account', transaction: bytes(transaction), chain: kit.devnet.caipNetworkId },
    ])
    expect(error).toMatchObject({
      name: 'WalletSendTransactionError',
      code: -32002,
      message: expect.stringMatching(/^Transaction simulation failed/),
    })
    const unknownChain = await call(
      page,
      'solana:signAndSendTransaction',
      'signAndSendTransaction',
      [{ account: '$account', transaction: bytes(transaction), chain: 'solana:mainnet' }],
    )
    expect(unknownChain.error).toMatchObject({
      code: -32602,
      message: 'Invalid params: the wallet does not support chain solana:mainnet',
    })
  })

  it('signs in with a Sign In With Solana message built from the input, and connects', async () => {
    const { wallet, page } = await setup()
    const input = {
      statement: 'Sign in to Latch',
      uri: pageUrl,
      version: '1',
      chainId: kit.devnet.caipNetworkId,
      nonce: 'abcdef123456',
      issuedAt: '2026-01-01T00:00:00.000Z',
      resources: ['https://latch.dev/terms'],
    }
    const { result } = await call(page, 'solana:signIn', 'signIn', [input])
    const [output] = result as {
      account: string
      signedMessage: Bytes
      signature: Bytes
    }[]
    expect(output?.account).toBe(wallet.address)
    const text = new TextDecoder().decode(fromBytes(output?.signedMessage))
    expect(parseSiwsMessage(text, ['uri', 'version', 'nonce', 'issuedAt'])).toEqual({
      ...input,
      domain: new URL(pageUrl).host,
      address: wallet.address,
    })
    expect(
      verifyEd25519(
        wallet.publicKey,
        fromBytes(output?.signedMessage),
        fromBytes(output?.signature),
      ),
    ).toBe(true)
    expect(await accountsOf(page)).toEqual([wallet.address])
  })

  it('declines as a Solana wallet does: code 4001, User rejected the request.', async () => {
    const { wallet, page } = await setup()
    wallet.rejectNext('standard:connect')
    expect((await connect(page)).error).toEqual({
      name: 'WalletConnectionError',
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await accountsOf(page)).toEqual([])
    await connect(page)
    wallet.rejectNext()
    const declined = await call(page, 'solana:signMessage', 'signMessage', [
      { account: '$account', message: bytes(new Uint8Array([1, 2, 3])) },
    ])
    expect(declined.error).toEqual({
      name: 'WalletSignMessageError',
      code: 4001,
      message: 'User rejected the request.',
    })
    wallet.setDecision(() => 'reject')
    const { error } = await call(page, 'solana:signIn', 'signIn', [{}])
    expect(error).toMatchObject({ name: 'WalletSignInError', code: 4001 })
  })

  it('disconnects from either side: the page hears change with no accounts', async () => {
    const { wallet, page } = await setup()
    await connect(page)
    await wallet.disconnect()
    expect(await accountsOf(page)).toEqual([])
    expect(await changes(page)).toEqual([[wallet.address], []])
    expect(await connect(page, true)).toEqual({ result: { accounts: [] } })

    await connect(page)
    expect(await call(page, 'standard:disconnect', 'disconnect')).toEqual({})
    expect(await changes(page)).toEqual([[wallet.address], [], [wallet.address], []])
    // The site's own disconnect forgets the approval: no silent reconnect after it.
    expect(await connect(page, true)).toEqual({ result: { accounts: [] } })
  })
})

describe('installMultichainTestWallet', () => {
  it('offers EVM and Solana under one name and icon, and connects both', async () => {
    const manifest = inject('devnet')
    const [chain] = manifest.chains
    const evmKey = manifest.accounts[6]?.privateKey as `0x${string}` | undefined
    if (!chain || !evmKey) throw new Error('the devnet manifest lacks a chain or account 6')
    context = await browser.newContext()
    const name = 'Phantomish'
    const wallet = await installMultichainTestWallet(context, {
      evm: { privateKey: evmKey, chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }] },
      solana: {
        secretKey: devnetAccount(5).secretKey,
        rpcUrl: kit.devnet.rpcUrl,
        chains: [kit.devnet.caipNetworkId],
      },
      info: { name, rdns: 'dev.latch.phantomish' },
    })
    const page = await context.newPage()
    await open(page)

    const seen = await page.evaluate(() => {
      const w = window as unknown as DappWindow
      const standard = w.findWallet(w.names()[0] as string) as unknown as {
        name: string
        icon: string
      }
      return {
        standard: w.names(),
        standardIcon: standard.icon,
        announced: w.announced.map((detail) => detail.info),
      }
    })
    expect(seen.standard).toEqual([name])
    expect(seen.announced).toEqual([
      { uuid: expect.any(String), name, icon: seen.standardIcon, rdns: 'dev.latch.phantomish' },
    ])

    const evmAccounts = await page.evaluate(() =>
      (window as unknown as DappWindow).announced[0]?.provider.request({
        method: 'eth_requestAccounts',
      }),
    )
    expect(evmAccounts).toEqual([wallet.evm.address])
    const solana = await call(page, 'standard:connect', 'connect', [], name)
    expect(solana).toEqual({ result: { accounts: [wallet.solana.address] } })

    await wallet.disconnect()
    expect(await page.evaluate(() => (window as unknown as DappWindow).changes)).toEqual([
      [wallet.solana.address],
      [],
    ])
    const after = await page.evaluate(() =>
      (window as unknown as DappWindow).announced[0]?.provider.request({ method: 'eth_accounts' }),
    )
    expect(after).toEqual([])
  })
})
