import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto'
import type { CaipAddress, CaipNetworkId } from '@latch/protocol/caip'
import { decodeBase58, encodeBase58 } from '@latch/protocol/solana'
import { TOKEN_PROGRAM } from '@latch/protocol/solana-build'
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
import type { Transfer } from '../types.ts'
import { createToken2022Mint } from './devnetToken.fixture.ts'
import { createGatewayRpc, type SolanaGatewayRpc } from './rpc.ts'
import { type SolanaSigner, sendSolanaTransfer, waitForSolanaTransfer } from './transfer.ts'
import { LAMPORTS_PER_SIGNATURE, solanaTransferFee } from './transferFee.ts'

const devnet = inject('devnet')
const solana = devnet.solana as NonNullable<typeof devnet.solana>
const caipNetworkId = solana.caipNetworkId as CaipNetworkId
const usdc = solana.tokens.find((token) => token.symbol === 'USDC') as (typeof solana.tokens)[0]
const USDC: CaipAddress = `${caipNetworkId}:${usdc.mint}`
// The devnet's Solana account 4 sends here (other test files use others).
const sender = solana.accounts[4] as (typeof solana.accounts)[0]
const holder = solana.accounts[7] as (typeof solana.accounts)[0]

const pageFetch: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), origin: DEMO_ORIGIN },
  })

const freshAddress = () => {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string
  return encodeBase58(Buffer.from(raw, 'base64url'))
}

/** The sender's wallet: signs in its slot with the 64-byte secret key's seed, in Node. */
function signer(secretKey: string): SolanaSigner {
  const bytes = decodeBase58(secretKey) as Uint8Array
  const privateKey = createPrivateKey({
    key: Buffer.concat([
      Buffer.from('302e020100300506032b657004220420', 'hex'),
      bytes.subarray(0, 32),
    ]),
    format: 'der',
    type: 'pkcs8',
  })
  const address = encodeBase58(bytes.subarray(32))
  return {
    address,
    async signTransaction(wire) {
      const transaction = decodeSolanaTransaction(wire)
      const signatures = [...transaction.signatures]
      signatures[requiredSigners(transaction.message).indexOf(address)] = new Uint8Array(
        sign(null, transaction.messageBytes, privateKey),
      )
      return encodeSolanaTransaction({ signatures, messageBytes: transaction.messageBytes })
    },
  }
}

describe('solanaTransferFee against the devnet, through the gateway', () => {
  let server: TestServer
  let rpc: SolanaGatewayRpc
  beforeAll(async () => {
    server = await startTestServer('pglite')
    const serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
    rpc = createGatewayRpc({ serverUrl, projectId: 'latch-dev', caipNetworkId, fetch: pageFetch })
  })
  afterAll(async () => {
    await server?.close()
  })

  const lamports = async (address: string) =>
    BigInt((await rpc.call<{ value: number }>('getBalance', [address])).value)

  /** Sends `transfer` from the sender and says how many lamports left its account. */
  async function spent(transfer: Transfer): Promise<bigint> {
    const before = await lamports(sender.address)
    const sent = await sendSolanaTransfer(
      { rpc, signer: signer(sender.secretKey), caipNetworkId },
      transfer,
    )
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    // A SOL transfer's amount leaves too: only the fee is what the reckoning is checked on.
    return before - (await lamports(sender.address)) - (transfer.token ? 0n : transfer.amount)
  }

  it('is the fee the node prices for the built message, exact, and what the chain takes', async () => {
    const transfer = { to: freshAddress(), amount: 1_000_000n }
    const reckoned = await solanaTransferFee(rpc, sender.address, transfer)
    expect(reckoned).toEqual({ fee: LAMPORTS_PER_SIGNATURE, exact: true })
    expect(await spent(transfer)).toBe(reckoned.fee)
    const toHolder = { to: holder.address, amount: 1n, token: USDC }
    expect(await solanaTransferFee(rpc, sender.address, toHolder)).toEqual({
      fee: LAMPORTS_PER_SIGNATURE,
      exact: true,
    })
  })

  it("adds the new token account's rent, and is what the chain takes from the sender", async () => {
    const receiver = freshAddress()
    const transfer = { to: receiver, amount: 2_000_000n, token: USDC }
    const reckoned = await solanaTransferFee(rpc, sender.address, transfer)
    expect(reckoned.exact).toBe(true)
    // An SPL token account (165 bytes) rent-exempt: what mainnet and the devnet charge.
    expect(reckoned.tokenAccountRent).toBe(2_039_280n)
    expect(reckoned.fee).toBe(LAMPORTS_PER_SIGNATURE + 2_039_280n)
    expect(await spent(transfer)).toBe(reckoned.fee)
    // Sent once: the account exists now, and the next transfer costs one signature.
    expect(await solanaTransferFee(rpc, sender.address, transfer)).toEqual({
      fee: LAMPORTS_PER_SIGNATURE,
      exact: true,
    })
  })

  it("reckons a Token-2022 receiver account's larger rent as the chain charges it", async () => {
    const mint = await createToken2022Mint(sender.secretKey, 2, 10_000n)
    const transfer: Transfer = {
      to: freshAddress(),
      amount: 250n,
      token: `${caipNetworkId}:${mint}`,
    }
    const reckoned = await solanaTransferFee(rpc, sender.address, transfer)
    // 170 bytes: the account type and the ImmutableOwner extension beside the 165 of SPL Token.
    expect(reckoned.tokenAccountRent).toBeGreaterThan(2_039_280n)
    expect(await spent(transfer)).toBe(reckoned.fee)
  })

  it('says the token balance is short when the sender holds none of the token', async () => {
    const mint = await createToken2022Mint(holder.secretKey, 2, 10n)
    await expect(
      solanaTransferFee(rpc, sender.address, {
        to: freshAddress(),
        amount: 1n,
        token: `${caipNetworkId}:${mint}`,
      }),
    ).rejects.toThrow('Not enough of this token to send this amount')
  })
})

describe('solanaTransferFee when the chain cannot tell everything', () => {
  const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
  const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  const BLOCKHASH = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi'

  /** A node that knows the mint, no receiver account, and answers the fee calls as told. */
  function node(answers: { fees: (number | null)[]; simulated: unknown }) {
    const calls: { method: string; params: unknown[] }[] = []
    const rpc: SolanaGatewayRpc = {
      async call<T>(method: string, params: unknown[] = []): Promise<T> {
        calls.push({ method, params })
        const mint = { owner: TOKEN_PROGRAM, data: [Buffer.alloc(82).toString('base64'), 'base64'] }
        const holding = { owner: TOKEN_PROGRAM, data: ['', 'base64'], lamports: 1 }
        const answer: Record<string, () => unknown> = {
          getAccountInfo: () => ({ value: mint }),
          getMultipleAccounts: () => ({ value: [holding, null] }),
          getLatestBlockhash: () => ({
            value: { blockhash: BLOCKHASH, lastValidBlockHeight: 10 },
          }),
          getFeeForMessage: () => ({ value: answers.fees.shift() ?? null }),
          simulateTransaction: () => answers.simulated,
          getMinimumBalanceForRentExemption: () => 2_039_280,
        }
        return answer[method]?.() as T
      },
    }
    return { rpc, calls }
  }
  const transfer = { to: OWNER, amount: 1n, token: `${caipNetworkId}:${MINT}` as CaipAddress }

  it("reckons the rent from the account's size when the simulation fails (the sender short of SOL)", async () => {
    const { rpc, calls } = node({
      fees: [5000],
      simulated: { value: { err: 'InsufficientFundsForRent', accounts: null } },
    })
    expect(await solanaTransferFee(rpc, freshAddress(), transfer)).toEqual({
      fee: 5000n + 2_039_280n,
      tokenAccountRent: 2_039_280n,
      exact: true,
    })
    expect(
      calls.find((call) => call.method === 'getMinimumBalanceForRentExemption')?.params,
    ).toEqual([165])
  })

  it('builds once more when the blockhash went stale before the node priced it, then gives up', async () => {
    const stale = node({
      fees: [null, 5000],
      simulated: { value: { err: null, accounts: [{ lamports: 7 }] } },
    })
    expect(await solanaTransferFee(stale.rpc, freshAddress(), transfer)).toMatchObject({
      fee: 5007n,
      tokenAccountRent: 7n,
    })
    expect(stale.calls.filter((call) => call.method === 'getLatestBlockhash')).toHaveLength(2)
    const never = node({ fees: [null, null], simulated: {} })
    await expect(solanaTransferFee(never.rpc, freshAddress(), transfer)).rejects.toThrow(
      'Network fee unavailable',
    )
  })
})
