import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type OnrampOrder, onrampQuoteResponse, onrampUrlResponse } from '@latch/protocol'
import { erc20Abi, getAddress, type Hex, keccak256, parseEther, parseGwei, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../../scripts/postgres.ts'
import { chainsOfDevnet } from '../src/config.ts'
import type { Failpoint } from '../src/onramp/constants.ts'
import { devnetClient, devnetRpc, devnetWallet } from './devnetTx.ts'
import {
  devnetManifestFile,
  freshDatabaseConfig,
  startTestServer,
  type TestServer,
} from './helpers.ts'
import { chainA, goodCard, onrampApi, USDC_A, usdcBalance } from './onrampFixtures.ts'

const devnet = inject('devnet')
// Account 4 is this file's alone on the shared devnet: it funds each case's own treasury.
const funder = devnetWallet(chainA, devnet.accounts[4]?.privateKey as string)
const serverDir = path.join(import.meta.dirname, '..')
const scratch = mkdtempSync(path.join(tmpdir(), 'latch-onramp-crash-'))
const children = new Set<ChildProcess>()

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(scratch, { recursive: true, force: true })
})

type Running = { url: string; child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> }

/** The server in its own process, as deployed; resolves once /health answers. */
async function spawnServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort()
  const child = spawn(
    'setpriv',
    ['--pdeathsig', 'KILL', process.execPath, '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        FRAME_PORT: '0',
        LOG_LEVEL: 'error',
        INDEXER_ENABLED: 'false',
        LATCH_CHAINS: JSON.stringify(chainsOfDevnet(devnet)),
        DEVNET_MANIFEST: devnetManifestFile(),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  children.add(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child)
      resolve(signal ?? code)
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return { url, child, exited }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A treasury of the test's own: ether for gas and `usdc` USDC, so its nonce is the test's. */
async function fundedTreasury(usdc = '1000'): Promise<{ key: Hex; address: Hex }> {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  await devnetRpc(chainA.rpcUrl, 'anvil_setBalance', [
    address,
    `0x${parseEther('10').toString(16)}`,
  ])
  if (usdc === '0') return { key, address }
  const hash = await funder.wallet.writeContract({
    address: USDC_A,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address, parseUnits(usdc, 6)],
  })
  await funder.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return { key, address }
}

const nonceOf = (address: Hex) => devnetClient(chainA).getTransactionCount({ address })

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`)
  return body as T
}

/** Orders 50 USD of USDC for `address` on the running server: the quote and the checkout path. */
async function order(server: Running, address: string) {
  const quote = onrampQuoteResponse.parse(
    await call(`${server.url}/v1/onramp/quote?projectId=latch-dev`, {
      method: 'POST',
      body: JSON.stringify({
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: '50',
        network: 'latch-devnet',
        provider: 'sandbox',
      }),
    }),
  )
  const { url, orderId } = onrampUrlResponse.parse(
    await call(`${server.url}/v1/generators/onrampurl?projectId=latch-dev`, {
      method: 'POST',
      body: JSON.stringify({
        provider: 'sandbox',
        destinationWallets: [{ address }],
        quoteId: quote.quoteId,
      }),
    }),
  )
  return { quote, orderId: orderId as string, checkout: url }
}

/** Submits the card form of the checkout page; the process may die before it answers. */
async function pay(checkout: string): Promise<void> {
  const page = await (await fetch(checkout)).text()
  const key =
    /name="method" value="card"><input type="hidden" name="idempotencyKey" value="([^"]+)"/.exec(
      page,
    )?.[1]
  expect(key).toBeDefined()
  await fetch(`${checkout}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'card', idempotencyKey: key as string, ...goodCard() }),
    redirect: 'manual',
  }).catch(() => undefined)
}

async function settled(server: Running, orderId: string): Promise<OnrampOrder> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const current = await call<OnrampOrder>(
      `${server.url}/v1/onramp/orders/${orderId}?projectId=latch-dev`,
    )
    if (current.status === 'completed' || current.status === 'failed') return current
    if (Date.now() > deadline) throw new Error(`order still ${current.status}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const cases: { failpoint: Failpoint; sentBeforeRestart: boolean }[] = [
  { failpoint: 'onramp-after-payment', sentBeforeRestart: false },
  { failpoint: 'onramp-after-broadcast', sentBeforeRestart: true },
]

// PostgreSQL at both points; PGlite (its recovery after a SIGKILL) at the later one, the harder:
// each case starts two server processes, the suite's dearest few seconds.
describe.each([
  { dialect: 'postgres' as const, points: cases },
  { dialect: 'pglite' as const, points: cases.filter((point) => point.sentBeforeRestart) },
])('a server killed mid-purchase, on $dialect', ({ dialect, points }) => {
  it.each(points)(
    'at $failpoint finishes the order after a restart, paying exactly once',
    async ({ failpoint, sentBeforeRestart }) => {
      const database =
        dialect === 'postgres'
          ? ((await freshDatabaseConfig('postgres')) as { url: string }).url
          : `pglite:${mkdtempSync(path.join(scratch, 'pglite-'))}`
      const treasury = await fundedTreasury()
      const env = {
        DATABASE_URL: database,
        DATA_DIR: mkdtempSync(path.join(scratch, 'data-')),
        ONRAMP_SANDBOX_TREASURY_KEY: treasury.key,
      }
      const recipient = privateKeyToAddress(generatePrivateKey())
      const nonceBefore = await nonceOf(treasury.address)

      const doomed = await spawnServer({ ...env, LATCH_FAILPOINT: failpoint })
      const { quote, orderId, checkout } = await order(doomed, recipient)
      await pay(checkout)
      expect(await doomed.exited).toBe('SIGKILL')
      const amount = parseUnits(quote.purchaseAmount.amount, 6)
      expect(await usdcBalance(recipient)).toBe(sentBeforeRestart ? amount : 0n)
      expect(await nonceOf(treasury.address)).toBe(nonceBefore + (sentBeforeRestart ? 1 : 0))

      const restarted = await spawnServer(env)
      try {
        const done = await settled(restarted, orderId)
        expect(done.status).toBe('completed')
        expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/)
        // Another poll of the worker would have sent again by now, had it wanted to.
        await new Promise((resolve) => setTimeout(resolve, 1500))
        expect(await usdcBalance(recipient)).toBe(amount)
        expect(await nonceOf(treasury.address)).toBe(nonceBefore + 1)
        const receipt = await devnetClient(chainA).getTransactionReceipt({
          hash: done.txHash as Hex,
        })
        expect(receipt.from.toLowerCase()).toBe(treasury.address.toLowerCase())
      } finally {
        restarted.child.kill('SIGTERM')
        await restarted.exited
      }
    },
    120_000,
  )
})

describe('the payout worker on its own treasury', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('signs again when its stored transfer can never land: its nonce went to another', async () => {
    const treasury = await fundedTreasury()
    server = await startTestServer('pglite', { ONRAMP_SANDBOX_TREASURY_KEY: treasury.key })
    const api = onrampApi(server.app)
    const recipient = getAddress(privateKeyToAddress(generatePrivateKey()))
    const quote = await api.quoted({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '30',
      network: 'latch-devnet',
      provider: 'sandbox',
    })
    const { orderId } = await api.sandboxOrder(recipient, { quoteId: quote.quoteId })
    // As a server killed after signing would leave it: a transfer signed at nonce N, stored,
    // and never sent; meanwhile N went to another transaction of the treasury.
    const nonce = await nonceOf(treasury.address)
    const account = privateKeyToAccount(treasury.key)
    const stale = await account.signTransaction({
      chainId: chainA.chainId,
      type: 'eip1559',
      to: recipient,
      value: 1n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: parseGwei('20'),
      maxPriorityFeePerGas: parseGwei('1'),
    })
    const other = devnetWallet(chainA, treasury.key)
    await other.client.waitForTransactionReceipt({
      hash: await other.wallet.sendTransaction({ to: funder.account.address, value: 1n, nonce }),
      pollingInterval: 50,
    })
    await server.db.query(
      `update onramp_orders set status = 'pending', payment_method = 'card', paid_at = $2,
         sender = $3, tx_nonce = $4, raw_tx = $5, tx_hash = $6 where id = $1`,
      [orderId, new Date(), treasury.address.toLowerCase(), nonce, stale, keccak256(stale)],
    )
    const done = await api.settled(orderId)
    expect(done.status).toBe('completed')
    expect(done.txHash).not.toBe(keccak256(stale))
    expect(await usdcBalance(recipient)).toBe(parseUnits(quote.purchaseAmount.amount, 6))
    expect(await nonceOf(treasury.address)).toBe(nonce + 2)
    expect(await devnetClient(chainA).getBalance({ address: recipient })).toBe(0n)
  })

  it('fails an order the treasury cannot pay, saying the payment was refunded', async () => {
    const treasury = await fundedTreasury('0')
    server = await startTestServer('pglite', { ONRAMP_SANDBOX_TREASURY_KEY: treasury.key })
    const api = onrampApi(server.app)
    const recipient = getAddress(privateKeyToAddress(generatePrivateKey()))
    const { orderId, path } = await api.sandboxOrder(recipient, { presetFiatAmount: 20 })
    expect((await api.payWith(path, 'card', goodCard())).statusCode).toBe(303)
    const failed = await api.settled(orderId)
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'The sandbox treasury cannot pay this order out: your payment was refunded.',
    })
    expect(failed.txHash).toBeUndefined()
    expect(await usdcBalance(recipient)).toBe(0n)
    expect(await nonceOf(treasury.address)).toBe(0)
  })
})
