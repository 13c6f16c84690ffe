import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto'
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

  it('is one signature for SOL, and for a token the receiver holds an account of', async () => {
    expect(await solanaTransferFee(rpc, { to: freshAddress(), amount: 1n })).toEqual({
      fee: LAMPORTS_PER_SIGNATURE,
    })
    expect(await solanaTransferFee(rpc, { to: holder.address, amount: 1n, token: USDC })).toEqual({
      fee: LAMPORTS_PER_SIGNATURE,
    })
  })

  it("adds the new token account's rent, and is what the chain takes from the sender", async () => {
    const receiver = freshAddress()
    const transfer = { to: receiver, amount: 2_000_000n, token: USDC }
    const reckoned = await solanaTransferFee(rpc, transfer)
    expect(reckoned.tokenAccountRent).toBeGreaterThan(0n)
    expect(reckoned.fee).toBe(LAMPORTS_PER_SIGNATURE + (reckoned.tokenAccountRent ?? 0n))

    const before = await lamports(sender.address)
    const sent = await sendSolanaTransfer(
      { rpc, signer: signer(sender.secretKey), caipNetworkId },
      transfer,
    )
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    expect(before - (await lamports(sender.address))).toBe(reckoned.fee)
    // Sent once: the account exists now, and the next transfer costs one signature.
    expect(await solanaTransferFee(rpc, transfer)).toEqual({ fee: LAMPORTS_PER_SIGNATURE })
  })
})
