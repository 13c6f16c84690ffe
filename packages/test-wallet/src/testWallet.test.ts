import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { installTestWallet, type TestWallet, type TestWalletOptions } from './index.ts'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const anvilBin = join(repoRoot, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil')

/** What the tests read back from the page. */
type Provider = {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>
  on(event: string, listener: (value: unknown) => void): void
}
type TestWindow = Window & {
  wallet: Provider
  announced: { uuid: string; name: string; icon: string; rdns: string }[]
  frozen: boolean
  events: [string, unknown][]
}
type CaughtError = { code: number; message: string }

let anvil: ChildProcess
let anvilUrl: string
let server: Server
let pageUrl: string
let browser: Browser
let context: BrowserContext | undefined

const publicClient = () => createPublicClient({ transport: http(anvilUrl) })

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(anvilUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

beforeAll(async () => {
  const port = await freePort()
  anvilUrl = `http://127.0.0.1:${port}`
  anvil = spawn(anvilBin, ['--port', String(port), '--chain-id', '31337', '--silent'], {
    stdio: 'ignore',
  })
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end('<!doctype html><title>dapp</title><body>dapp</body>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

  const launching = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  for (let i = 0; ; i++) {
    try {
      if ((await rpc('eth_chainId')) === '0x7a69') break
    } catch (error) {
      if (i > 100) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  browser = await launching
})

afterAll(async () => {
  await browser?.close()
  anvil?.kill()
  await new Promise((resolve) => server?.close(resolve))
})

afterEach(async () => {
  await context?.close()
  context = undefined
})

/** A funded fresh account, a new context with the wallet installed, and the dapp page open. */
async function setup(
  extra: Partial<TestWalletOptions> = {},
): Promise<{ wallet: TestWallet; page: Page }> {
  const privateKey = generatePrivateKey()
  await rpc('anvil_setBalance', [privateKeyToAccount(privateKey).address, toHex(parseEther('10'))])
  context = await browser.newContext()
  await context.addInitScript(() => {
    const w = window as unknown as TestWindow
    w.announced = []
    w.frozen = false
    w.events = []
    window.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as CustomEvent).detail
      w.announced.push(detail.info)
      w.frozen = Object.isFrozen(detail)
      if (!w.wallet) {
        w.wallet = detail.provider
        for (const name of ['connect', 'chainChanged', 'accountsChanged', 'disconnect']) {
          w.wallet.on(name, (value) => w.events.push([name, value]))
        }
      }
    })
  })
  const wallet = await installTestWallet(context, {
    privateKey,
    chains: [{ chainId: 31337, rpcUrl: anvilUrl, name: 'Anvil' }],
    ...extra,
  })
  const page = await context.newPage()
  await page.goto(pageUrl)
  return { wallet, page }
}

/** Runs a provider request in the page; resolves to the result or to the thrown error's code and message. */
function request(page: Page, method: string, params?: unknown[]) {
  return page.evaluate(
    async ([method, params]) => {
      try {
        const w = window as unknown as TestWindow
        return { result: await w.wallet.request({ method, params }) }
      } catch (error) {
        const { code, message } = error as CaughtError
        return { error: { code, message, isError: error instanceof Error } }
      }
    },
    [method, params] as const,
  )
}

const events = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).events)

describe('installTestWallet', () => {
  it('announces itself via EIP-6963 without touching window.ethereum', async () => {
    const { page } = await setup({ info: { name: 'Custom Wallet', uuid: 'test-uuid' } })
    const initial = await page.evaluate(() => {
      const w = window as unknown as TestWindow
      return { announced: w.announced.slice(), frozen: w.frozen, ethereum: 'ethereum' in window }
    })
    expect(initial.announced).toHaveLength(1)
    expect(initial.announced[0]).toMatchObject({
      uuid: 'test-uuid',
      name: 'Custom Wallet',
      rdns: 'dev.latch.testwallet',
    })
    expect(initial.announced[0]?.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(initial.frozen).toBe(true)
    expect(initial.ethereum).toBe(false)

    const count = await page.evaluate(() => {
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      return (window as unknown as TestWindow).announced.length
    })
    expect(count).toBe(2)
    await expect.poll(() => events(page)).toEqual([['connect', { chainId: '0x7a69' }]])
  })

  it('connects only after approval and tracks the origin', async () => {
    const { wallet, page } = await setup()
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    expect(await request(page, 'net_version')).toEqual({ result: '31337' })

    wallet.rejectNext('eth_requestAccounts')
    expect(await request(page, 'eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.', isError: true },
    })
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] })

    const second = await context?.newPage()
    await second?.goto(pageUrl)
    expect(await request(page, 'eth_requestAccounts')).toEqual({ result: [wallet.address] })
    expect(await request(page, 'eth_accounts')).toEqual({ result: [wallet.address] })
    expect((await events(page)).at(-1)).toEqual(['accountsChanged', [wallet.address]])
    // Other pages of the same origin hear about it too.
    if (second) expect((await events(second)).at(-1)).toEqual(['accountsChanged', [wallet.address]])

    const origin = new URL(pageUrl).origin
    expect(wallet.requests.map((r) => r.method)).toEqual([
      'eth_accounts',
      'eth_chainId',
      'net_version',
      'eth_requestAccounts',
      'eth_accounts',
      'eth_requestAccounts',
      'eth_accounts',
    ])
    expect(wallet.requests.every((r) => r.origin === origin)).toBe(true)

    const permissions = (await request(page, 'wallet_getPermissions')).result as unknown[]
    expect(permissions).toMatchObject([{ parentCapability: 'eth_accounts', invoker: origin }])

    await wallet.disconnect()
    expect((await events(page)).at(-1)).toEqual(['accountsChanged', []])
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] })
  })

  it('asks the decide function with the request and origin', async () => {
    const seen: string[] = []
    const { wallet, page } = await setup({
      decide: async ({ method, origin }) => {
        seen.push(`${method} ${origin}`)
        return 'reject' as const
      },
    })
    expect((await request(page, 'eth_requestAccounts')).error?.code).toBe(4001)
    expect(seen).toEqual([`eth_requestAccounts ${new URL(pageUrl).origin}`])
    wallet.setDecision(() => 'approve')
    expect(await request(page, 'wallet_requestPermissions', [{ eth_accounts: {} }])).toMatchObject({
      result: [{ parentCapability: 'eth_accounts' }],
    })
  })

  it('refuses to sign before the origin is connected', async () => {
    const { wallet, page } = await setup()
    const hello = toHex('hello')
    expect((await request(page, 'personal_sign', [hello, wallet.address])).error?.code).toBe(4100)
    expect(
      (await request(page, 'eth_sendTransaction', [{ from: wallet.address }])).error?.code,
    ).toBe(4100)
  })

  it('signs messages and typed data that verify for the address', async () => {
    const { wallet, page } = await setup()
    await request(page, 'eth_requestAccounts')

    const signed = await request(page, 'personal_sign', [toHex('hello latch'), wallet.address])
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'hello latch',
        signature: signed.result as Hex,
      }),
    ).toBe(true)

    const utf8 = await request(page, 'personal_sign', ['plain text', wallet.address])
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'plain text',
        signature: utf8.result as Hex,
      }),
    ).toBe(true)

    const other = privateKeyToAccount(generatePrivateKey()).address
    expect((await request(page, 'personal_sign', [toHex('x'), other])).error?.code).toBe(4100)

    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: { to: other, contents: 'gm', amount: '1000000000000000000000' },
    } as const
    const typed = await request(page, 'eth_signTypedData_v4', [
      wallet.address,
      JSON.stringify(typedData),
    ])
    expect(
      await verifyTypedData({
        address: wallet.address,
        domain: typedData.domain,
        types: { Mail: typedData.types.Mail },
        primaryType: 'Mail',
        message: { ...typedData.message, amount: 1000000000000000000000n },
        signature: typed.result as Hex,
      }),
    ).toBe(true)

    wallet.rejectNext()
    expect((await request(page, 'personal_sign', [toHex('no'), wallet.address])).error?.code).toBe(
      4001,
    )
  })

  it('sends a transaction that lands on chain', async () => {
    const { wallet, page } = await setup()
    await request(page, 'eth_requestAccounts')
    const to = privateKeyToAccount(generatePrivateKey()).address
    const before = await publicClient().getBalance({ address: wallet.address })

    const sent = await request(page, 'eth_sendTransaction', [
      { from: wallet.address, to, value: toHex(parseEther('1')) },
    ])
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await publicClient().waitForTransactionReceipt({
      hash: sent.result as Hex,
      pollingInterval: 50,
    })
    expect(receipt.status).toBe('success')
    expect(await publicClient().getBalance({ address: to })).toBe(parseEther('1'))
    expect(await publicClient().getBalance({ address: wallet.address })).toBeLessThan(
      before - parseEther('1') + 1n,
    )

    // Reads are forwarded to the chain from Node.
    const pageReceipt = await request(page, 'eth_getTransactionReceipt', [sent.result])
    expect(pageReceipt.result).toMatchObject({ status: '0x1', to: to.toLowerCase() })
    expect(await request(page, 'eth_getBalance', [to, 'latest'])).toEqual({
      result: toHex(parseEther('1')),
    })

    wallet.rejectNext('eth_sendTransaction')
    const rejected = await request(page, 'eth_sendTransaction', [{ from: wallet.address, to }])
    expect(rejected.error?.code).toBe(4001)
  })

  it('switches and adds chains per EIP-3326 / EIP-3085', async () => {
    const { wallet, page } = await setup()
    expect(
      (await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])).error?.code,
    ).toBe(4902)
    expect(
      (await request(page, 'wallet_addEthereumChain', [{ chainId: '1337', rpcUrls: [anvilUrl] }]))
        .error?.code,
    ).toBe(-32602)
    expect(
      (await request(page, 'wallet_addEthereumChain', [{ chainId: '0x539', rpcUrls: [] }])).error
        ?.code,
    ).toBe(-32602)

    expect(
      await request(page, 'wallet_addEthereumChain', [
        {
          chainId: '0x539',
          chainName: 'Second',
          rpcUrls: [anvilUrl],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ]),
    ).toEqual({ result: null })
    expect(wallet.chainId()).toBe(1337)
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x539' })

    expect(await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toEqual({
      result: null,
    })
    expect(wallet.chainId()).toBe(31337)
    wallet.rejectNext('wallet_switchEthereumChain')
    expect(
      (await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])).error?.code,
    ).toBe(4001)
    expect(await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])).toEqual({
      result: null,
    })
    expect((await events(page)).filter(([name]) => name === 'chainChanged')).toEqual([
      ['chainChanged', '0x539'],
      ['chainChanged', '0x7a69'],
      ['chainChanged', '0x539'],
    ])
  })

  it('rejects unsupported methods with 4200 and forwards reads', async () => {
    const { page } = await setup()
    expect((await request(page, 'wallet_watchAsset', [{}])).error?.code).toBe(4200)
    expect((await request(page, 'eth_sign', [])).error?.code).toBe(4200)
    expect((await request(page, 'anvil_mine', [])).error?.code).toBe(4200)
    expect((await request(page, 'eth_blockNumber')).result).toMatch(/^0x[0-9a-f]+$/)
  })

  it('emits disconnect when the chain RPC is unreachable, and connect when it is back', async () => {
    const { page } = await setup()
    const dead = `http://127.0.0.1:${await freePort()}`
    await request(page, 'wallet_addEthereumChain', [{ chainId: '0x7a6a', rpcUrls: [dead] }])
    expect((await request(page, 'eth_blockNumber')).error?.code).toBe(4900)
    await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])
    expect((await request(page, 'eth_blockNumber')).result).toMatch(/^0x/)
    expect((await events(page)).map(([name]) => name)).toEqual([
      'connect',
      'chainChanged',
      'disconnect',
      'connect',
      'chainChanged',
    ])
  })

  it('works when installed on a single page and can inject window.ethereum', async () => {
    context = await browser.newContext()
    const page = await context.newPage()
    const wallet = await installTestWallet(page, {
      privateKey: generatePrivateKey(),
      chains: [{ chainId: 31337, rpcUrl: anvilUrl }],
      injectWindowEthereum: true,
    })
    await page.goto(pageUrl)
    const accounts = await page.evaluate(() =>
      (window as unknown as { ethereum: Provider }).ethereum.request({
        method: 'eth_requestAccounts',
      }),
    )
    expect(accounts).toEqual([wallet.address])
    const other = await context.newPage()
    await other.goto(pageUrl)
    expect(await other.evaluate(() => 'ethereum' in window)).toBe(false)
  })
})
