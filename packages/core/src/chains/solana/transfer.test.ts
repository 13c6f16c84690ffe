import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { CaipAddress, CaipNetworkId } from '@latch/protocol/caip'
import { decodeBase58, encodeBase58 } from '@latch/protocol/solana'
import {
  decodeSolanaTransaction,
  encodeSolanaTransaction,
  requiredSigners,
} from '@latch/protocol/solana-wire'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DEMO_ORIGIN,
  startTestServer,
  type TestServer,
} from '../../../../../apps/server/test/helpers.ts'
import { displayMessage } from '../../displayMessage.ts'
import { createToken2022Mint, devnetCall, TOKEN_2022 } from './devnetToken.fixture.ts'
import { createGatewayRpc, type SolanaGatewayRpc } from './rpc.ts'
import { type SolanaSigner, sendSolanaTransfer, waitForSolanaTransfer } from './transfer.ts'

const PROJECT_ID = 'latch-dev'
const devnet = inject('devnet')
const solana = devnet.solana as NonNullable<typeof devnet.solana>
const caipNetworkId = solana.caipNetworkId as CaipNetworkId
const usdc = solana.tokens.find((token) => token.symbol === 'USDC') as (typeof solana.tokens)[0]
const USDC: CaipAddress = `${caipNetworkId}:${usdc.mint}`

/** fetch as the demo page makes it: every request carries the demo's Origin. */
const pageFetch: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), origin: DEMO_ORIGIN },
  })

/** An ed25519 key from a wallet's 64-byte secret key (seed then public key), as Node holds it. */
function keyOf(secretKey: string): { address: string; privateKey: KeyObject } {
  const bytes = decodeBase58(secretKey) as Uint8Array
  const pkcs8 = Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'),
    bytes.subarray(0, 32),
  ])
  return {
    address: encodeBase58(bytes.subarray(32)),
    privateKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
  }
}

/** A fresh keypair: an account the chain has never seen. */
function freshKey(): { address: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { address: encodeBase58(raw), privateKey }
}

const freshAddress = () => freshKey().address

/** Signs the transaction's message in the signer's slot, as a wallet's signTransaction does. */
function signWire(key: { address: string; privateKey: KeyObject }, wire: Uint8Array): Uint8Array {
  const transaction = decodeSolanaTransaction(wire)
  const slot = requiredSigners(transaction.message).indexOf(key.address)
  if (slot < 0) throw new Error('the wallet is not a signer of this transaction')
  const signatures = [...transaction.signatures]
  signatures[slot] = new Uint8Array(sign(null, transaction.messageBytes, key.privateKey))
  return encodeSolanaTransaction({ signatures, messageBytes: transaction.messageBytes })
}

/** A wallet that only signs: the kit sends through the gateway. */
function signingWallet(
  secret: string | { address: string; privateKey: KeyObject },
  before?: () => Promise<void>,
): SolanaSigner {
  const key = typeof secret === 'string' ? keyOf(secret) : secret
  return {
    address: key.address,
    async signTransaction(wire) {
      await before?.()
      return signWire(key, wire)
    },
  }
}

/** A wallet that signs and sends itself, through the gateway as a wallet uses its own node. */
function sendingWallet(
  secretKey: string,
  rpc: SolanaGatewayRpc,
  options: { before?: () => Promise<void>; skipPreflight?: boolean } = {},
): SolanaSigner {
  const key = keyOf(secretKey)
  return {
    address: key.address,
    async signAndSendTransaction(wire) {
      await options.before?.()
      const signed = signWire(key, wire)
      const signature = await rpc.call<string>('sendTransaction', [
        Buffer.from(signed).toString('base64'),
        { encoding: 'base64', skipPreflight: options.skipPreflight ?? false },
      ])
      return decodeBase58(signature) as Uint8Array
    },
  }
}

const account = (index: number) => solana.accounts[index] as { address: string; secretKey: string }

describe('Solana transfers through the gateway, signed by a wallet', () => {
  let server: TestServer
  let serverUrl: string
  let rpc: SolanaGatewayRpc
  beforeAll(async () => {
    server = await startTestServer('pglite')
    serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
    rpc = createGatewayRpc({ serverUrl, projectId: PROJECT_ID, caipNetworkId, fetch: pageFetch })
  })
  afterAll(async () => {
    await server?.close()
  })

  /** What the server's balance route lists for an address: symbol -> whole units held. */
  async function balances(address: string): Promise<Record<string, string>> {
    const url = new URL(`/v1/account/${address}/balance`, serverUrl)
    url.searchParams.set('chainId', caipNetworkId)
    url.searchParams.set('projectId', PROJECT_ID)
    url.searchParams.set('forceUpdate', 'true')
    const response = await pageFetch(url)
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      balances: { symbol: string; quantity: { numeric: string } }[]
    }
    return Object.fromEntries(body.balances.map((entry) => [entry.symbol, entry.quantity.numeric]))
  }

  const lamports = async (address: string) =>
    BigInt((await rpc.call<{ value: number }>('getBalance', [address])).value)

  it('sends SOL to a fresh address with a wallet that only signs', async () => {
    const sender = account(6)
    const receiver = freshAddress()
    const before = await lamports(sender.address)
    const sent = await sendSolanaTransfer(
      { rpc, signer: signingWallet(sender.secretKey), caipNetworkId },
      { to: receiver, amount: 25_000_000n },
    )
    expect(sent.caipNetworkId).toBe(caipNetworkId)
    expect(decodeBase58(sent.id)).toHaveLength(64)
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    expect((await balances(receiver)).SOL).toBe('0.025')
    // The sender paid the amount and one signature's fee.
    expect(before - (await lamports(sender.address))).toBe(25_000_000n + 5_000n)
  })

  it('sends USDC to a fresh address, creating its token account, with a wallet that sends', async () => {
    const sender = account(6)
    const receiver = freshAddress()
    expect((await balances(receiver)).USDC).toBeUndefined()
    const senderBefore = Number((await balances(sender.address)).USDC)
    const sent = await sendSolanaTransfer(
      { rpc, signer: sendingWallet(sender.secretKey, rpc), caipNetworkId },
      { to: receiver, amount: 1_500_000n, token: USDC },
    )
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    expect((await balances(receiver)).USDC).toBe('1.5')
    expect(Number((await balances(sender.address)).USDC)).toBeCloseTo(senderBefore - 1.5, 6)

    // A second transfer finds the account made: the transaction is TransferChecked alone.
    const again = await sendSolanaTransfer(
      { rpc, signer: signingWallet(sender.secretKey), caipNetworkId },
      { to: receiver, amount: 250_000n, token: USDC },
    )
    expect(await waitForSolanaTransfer({ rpc }, again)).toEqual({ success: true })
    expect((await balances(receiver)).USDC).toBe('1.75')
    const landed = await rpc.call<{ transaction: { message: { instructions: unknown[] } } }>(
      'getTransaction',
      [again.id, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
    )
    expect(landed.transaction.message.instructions).toHaveLength(1)
  })

  it('sends USDC to an address that holds a token account already', async () => {
    const sender = account(6)
    const receiver = account(7)
    const before = Number((await balances(receiver.address)).USDC)
    expect(before).toBeGreaterThan(0)
    const sent = await sendSolanaTransfer(
      { rpc, signer: signingWallet(sender.secretKey), caipNetworkId },
      { to: receiver.address, amount: 3_000_000n, token: USDC },
    )
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    expect(Number((await balances(receiver.address)).USDC)).toBeCloseTo(before + 3, 6)
  })

  it('sends a Token-2022 token, the program read from its mint', async () => {
    const mint = await createToken2022Mint(account(5).secretKey, 2, 10_000n)
    const receiver = freshAddress()
    const sent = await sendSolanaTransfer(
      { rpc, signer: signingWallet(account(5).secretKey), caipNetworkId },
      { to: receiver, amount: 250n, token: `${caipNetworkId}:${mint}` },
    )
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    const held = await rpc.call<{
      value: {
        account: { owner: string; data: { parsed: { info: { tokenAmount: { amount: string } } } } }
      }[]
    }>('getTokenAccountsByOwner', [receiver, { mint }, { encoding: 'jsonParsed' }])
    expect(held.value.map((entry) => entry.account.owner)).toEqual([TOKEN_2022])
    expect(held.value[0]?.account.data.parsed.info.tokenAmount.amount).toBe('250')
  })

  it('says the balance is short, naming SOL or the token, and sends nothing', async () => {
    const sender = account(8)
    const solBefore = await lamports(sender.address)
    for (const signer of [signingWallet(sender.secretKey), sendingWallet(sender.secretKey, rpc)]) {
      const refused = sendSolanaTransfer(
        { rpc, signer, caipNetworkId },
        { to: freshAddress(), amount: solBefore + 1n },
      )
      await expect(refused).rejects.toThrow()
      expect(displayMessage(await refused.catch((error: unknown) => error))).toBe(
        'Not enough SOL to send this amount and pay the network fee',
      )
      const usdcHeld = BigInt(Math.round(Number((await balances(sender.address)).USDC) * 1e6))
      const tokenRefused = await sendSolanaTransfer(
        { rpc, signer, caipNetworkId },
        { to: account(7).address, amount: usdcHeld + 1n, token: USDC },
      ).catch((error: unknown) => error)
      expect(displayMessage(tokenRefused)).toBe('Not enough of this token to send this amount')
      const namedRefused = await sendSolanaTransfer(
        { rpc, signer, caipNetworkId },
        { to: account(7).address, amount: usdcHeld + 1n, token: USDC, symbol: 'USDC' },
      ).catch((error: unknown) => error)
      expect(displayMessage(namedRefused)).toBe('Not enough USDC to send this amount')
    }
    expect(await lamports(sender.address)).toBe(solBefore)
  })

  it('says the token balance is short when the sender holds no account of the token', async () => {
    const holder = freshKey()
    const funded = await sendSolanaTransfer(
      { rpc, signer: signingWallet(account(8).secretKey), caipNetworkId },
      { to: holder.address, amount: 10_000_000n },
    )
    expect(await waitForSolanaTransfer({ rpc }, funded)).toEqual({ success: true })
    const error = await sendSolanaTransfer(
      { rpc, signer: signingWallet(holder), caipNetworkId },
      { to: account(8).address, amount: 1n, token: USDC, symbol: 'USDC' },
    ).catch((caught: unknown) => caught)
    expect(displayMessage(error)).toBe('Not enough USDC to send this amount')
  })

  it('says a fresh receiver needs the rent minimum when sent less', async () => {
    const error = await sendSolanaTransfer(
      { rpc, signer: signingWallet(account(8).secretKey), caipNetworkId },
      { to: freshAddress(), amount: 1_000n },
    ).catch((caught: unknown) => caught)
    expect(displayMessage(error)).toBe(
      'The receiver has no account yet: send at least 0.00089088 SOL to open one',
    )
  })

  it("shows 'Signature declined' when the wallet declines, and sends nothing", async () => {
    const sender = account(8)
    const before = await lamports(sender.address)
    const declines: SolanaSigner[] = [
      {
        address: sender.address,
        async signTransaction() {
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        },
      },
      {
        address: sender.address,
        async signAndSendTransaction() {
          // How Solana's wallet adapters name a refusal: no code, the error's name says it.
          throw Object.assign(new Error('User rejected the request.'), {
            name: 'WalletSignTransactionError',
          })
        },
      },
    ]
    for (const signer of declines) {
      const error = await sendSolanaTransfer(
        { rpc, signer, caipNetworkId },
        { to: freshAddress(), amount: 1_000_000n },
      ).catch((caught: unknown) => caught)
      expect(displayMessage(error)).toBe('Signature declined')
    }
    expect(await lamports(sender.address)).toBe(before)
  })

  it('asks to try again when the blockhash went stale before sending', async () => {
    const sender = account(8)
    const before = await lamports(sender.address)
    // The visitor took so long to approve that the chain moved past the blockhash's lifetime.
    const stale = () => devnetCall('latch_advanceSlots', [200]).then(() => undefined)
    for (const signer of [
      signingWallet(sender.secretKey, stale),
      sendingWallet(sender.secretKey, rpc, { before: stale }),
    ]) {
      const error = await sendSolanaTransfer(
        { rpc, signer, caipNetworkId },
        { to: freshAddress(), amount: 1_000_000n },
      ).catch((caught: unknown) => caught)
      expect(displayMessage(error)).toBe(
        'The transaction expired before the network confirmed it: try again',
      )
    }
    expect(await lamports(sender.address)).toBe(before)
  })

  it('gives up waiting once a transaction the chain dropped can no longer land', async () => {
    const sender = account(8)
    // Sent without preflight on a stale blockhash: the node takes it, the leader drops it.
    const signer = sendingWallet(sender.secretKey, rpc, {
      before: () => devnetCall('latch_advanceSlots', [200]).then(() => undefined),
      skipPreflight: true,
    })
    const sent = await sendSolanaTransfer(
      { rpc, signer, caipNetworkId },
      { to: freshAddress(), amount: 1_000_000n },
    )
    const error = await waitForSolanaTransfer({ rpc }, sent).catch((caught: unknown) => caught)
    expect(displayMessage(error)).toBe(
      'The transaction expired before the network confirmed it: try again',
    )
  })

  it('refuses a receiver that is not a Solana address, before asking the wallet', async () => {
    let asked = false
    const signer: SolanaSigner = {
      address: account(8).address,
      async signTransaction(wire) {
        asked = true
        return wire
      },
    }
    for (const to of [
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      'short',
      `${freshAddress()}0`,
    ]) {
      const error = await sendSolanaTransfer(
        { rpc, signer, caipNetworkId },
        { to, amount: 1n },
      ).catch((caught: unknown) => caught)
      expect(displayMessage(error)).toBe('Invalid receiver address')
      expect((error as Error).message).toContain('32 to 44 base58 characters')
    }
    expect(asked).toBe(false)
  })
})
