import { generateKeyPairSync } from 'node:crypto'
import type { CaipNetworkId } from '@latch/protocol/caip'
import { decodeBase58, encodeBase58 } from '@latch/protocol/solana'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DEMO_ORIGIN,
  startTestServer,
  type TestServer,
} from '../../../../../apps/server/test/helpers.ts'
import { solanaKeypair, verifyEd25519 } from '../../../../test-wallet/src/solana/keys.ts'
import { createSolanaRequestHandler } from '../../../../test-wallet/src/walletconnect/solanaRequests.ts'
import { displayMessage } from '../../displayMessage.ts'
import { createMemoryStorage, createStorage } from '../../storage/index.ts'
import type { LinkedAccount } from '../types.ts'
import { createSolanaAdapter } from './createSolanaAdapter.ts'
import { linkedSigner, linkedSignMessage } from './linkedSigner.ts'
import { defineSolanaNetwork } from './network.ts'
import { createGatewayRpc, type SolanaGatewayRpc } from './rpc.ts'
import { sendSolanaTransfer, waitForSolanaTransfer } from './transfer.ts'

const PROJECT_ID = 'latch-dev'
const devnet = inject('devnet')
const solana = devnet.solana as NonNullable<typeof devnet.solana>
const caipNetworkId = solana.caipNetworkId as CaipNetworkId
const sender = solana.accounts[6] as { address: string; secretKey: string }

const pageFetch: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), origin: DEMO_ORIGIN },
  })

const freshAddress = () => {
  const { publicKey } = generateKeyPairSync('ed25519')
  return encodeBase58(Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'))
}

/**
 * The WalletConnect test wallet's Solana side (the handler its session requests reach) as a
 * linked account: real ed25519 signatures, real sends to the devnet, declines with its own code.
 */
function walletConnectAccount(methods: readonly string[], decide: () => 'approve' | 'reject') {
  const keypair = solanaKeypair(sender.secretKey)
  const handle = createSolanaRequestHandler({ keypair, rpcUrl: solana.rpcUrl, decide })
  const calls: { method: string; caipNetworkId: string }[] = []
  const account: LinkedAccount = {
    wallet: {
      id: 'walletConnect',
      name: 'Test Wallet',
      icon: undefined,
      rdns: undefined,
      kind: 'walletConnect',
    },
    address: keypair.address,
    chains: [caipNetworkId],
    methods,
    request: async (call, network) => {
      calls.push({ method: call.method, caipNetworkId: network })
      return handle(call.method, call.params)
    },
  }
  return { account, calls, keypair }
}

const ALL = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']

describe('a Solana account linked from another session (WalletConnect, the embedded wallet)', () => {
  let server: TestServer
  let rpc: SolanaGatewayRpc

  beforeAll(async () => {
    server = await startTestServer('pglite')
    const serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
    rpc = createGatewayRpc({ serverUrl, projectId: PROJECT_ID, caipNetworkId, fetch: pageFetch })
  })
  afterAll(async () => {
    await server?.close()
  })

  const lamportsOf = async (address: string) =>
    BigInt((await rpc.call<{ value: number }>('getBalance', [address])).value)

  it('sends SOL with solana_signAndSendTransaction on the session network, and it lands', async () => {
    const { account, calls } = walletConnectAccount(ALL, () => 'approve')
    const to = freshAddress()
    const signer = linkedSigner(account, caipNetworkId)
    const sent = await sendSolanaTransfer(
      { rpc, signer, caipNetworkId },
      { to, amount: 2_000_000n },
    )
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    expect(await lamportsOf(to)).toBe(2_000_000n)
    expect(calls).toEqual([{ method: 'solana_signAndSendTransaction', caipNetworkId }])
  })

  it('with only solana_signTransaction approved, signs there and the kit sends it', async () => {
    const { account, calls } = walletConnectAccount(['solana_signTransaction'], () => 'approve')
    const to = freshAddress()
    const signer = linkedSigner(account, caipNetworkId)
    expect(signer.signAndSendTransaction).toBeUndefined()
    const sent = await sendSolanaTransfer(
      { rpc, signer, caipNetworkId },
      { to, amount: 1_500_000n },
    )
    expect(await waitForSolanaTransfer({ rpc }, sent)).toEqual({ success: true })
    expect(await lamportsOf(to)).toBe(1_500_000n)
    expect(calls.map((call) => call.method)).toEqual(['solana_signTransaction'])
  })

  it('signs a message with solana_signMessage: a base58 ed25519 signature of its UTF-8 bytes', async () => {
    const { account, keypair } = walletConnectAccount(ALL, () => 'approve')
    const signature = await linkedSignMessage(account, caipNetworkId, 'Sign in to Latch ✓')
    const bytes = decodeBase58(signature) as Uint8Array
    expect(
      verifyEd25519(keypair.publicKey, new TextEncoder().encode('Sign in to Latch ✓'), bytes),
    ).toBe(true)
  })

  it('a declined call reads "Signature declined", and nothing is sent', async () => {
    const { account } = walletConnectAccount(ALL, () => 'reject')
    const to = freshAddress()
    const signer = linkedSigner(account, caipNetworkId)
    const failure = await sendSolanaTransfer(
      { rpc, signer, caipNetworkId },
      { to, amount: 1_000_000n },
    ).catch((error: unknown) => error)
    expect(displayMessage(failure)).toBe('Signature declined')
    const declined = await linkedSignMessage(account, caipNetworkId, 'hello').catch(
      (error: unknown) => error,
    )
    expect(displayMessage(declined)).toBe('Signature declined')
    expect(await lamportsOf(to)).toBe(0n)
  })

  it('the adapter shows the linked account connected, switches among its networks, sends, and ends with unlink', async () => {
    const other = defineSolanaNetwork({
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      name: 'Devnet',
    })
    const local = defineSolanaNetwork({ caipNetworkId, name: 'Latch Solana' })
    const adapter = createSolanaAdapter({
      networks: [other, local],
      wallets: { get: () => [], on: () => () => {} },
      storage: createStorage({ storage: createMemoryStorage() }),
      balance: async () => ({ balances: [] }),
      rpc: async () => rpc,
    })
    const { account } = walletConnectAccount(ALL, () => 'approve')
    adapter.link?.(account)
    // The session serves only the local network: the adapter picks it over the site's first.
    expect(adapter.connection.get()).toMatchObject({
      status: 'connected',
      address: account.address,
      caipNetworkId,
      caipAddress: `${caipNetworkId}:${account.address}`,
      wallet: { id: 'walletConnect', name: 'Test Wallet' },
    })
    await expect(adapter.switchNetwork(other.caipNetworkId)).rejects.toThrow(/has no/)
    const to = freshAddress()
    // The Send review's fee is reckoned for the linked account (its message priced by the node).
    expect(await adapter.transferFee?.({ to, amount: 1_000_000n })).toEqual({
      fee: 5000n,
      exact: true,
    })
    const sent = await adapter.sendTransfer({ to, amount: 1_000_000n })
    expect(await adapter.waitForTransfer(sent)).toEqual({ success: true })
    expect(await lamportsOf(to)).toBe(1_000_000n)
    adapter.link?.(undefined)
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    await expect(adapter.signMessage('x')).rejects.toThrow('No wallet is connected')
  })
})
