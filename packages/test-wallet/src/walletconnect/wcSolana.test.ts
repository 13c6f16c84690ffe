import type { DevnetManifest } from '@latch/protocol'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { SessionTypes } from '@walletconnect/types'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { startKitDevnet } from '../../../devnet/src/solana/kit.fixture.ts'
import { base58, solanaKeypair, verifyEd25519 } from '../solana/keys.ts'
import { sendWireTransaction } from '../solana/send.ts'
import { parseWireTransaction } from '../solana/wire.ts'
import { createTestDapp, DAPP_METHODS, type TestDapp } from './dapp.fixture.ts'
import { createWcTestWallet, type WcTestWallet } from './wcTestWallet.ts'

const manifest: DevnetManifest = inject('devnet')
const evm = manifest.accounts[7]
const [chain] = manifest.chains
if (!evm || !chain) throw new Error('the devnet manifest lacks account 7 or a chain')
const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

let kit: Awaited<ReturnType<typeof startKitDevnet>>
let wallet: WcTestWallet
let dapp: TestDapp
let keypair: ReturnType<typeof solanaKeypair>

beforeAll(async () => {
  kit = await startKitDevnet()
  const account = kit.devnet.keys.accounts[6]
  if (!account) throw new Error('no devnet Solana account 6')
  keypair = solanaKeypair(account.secretKey)
})
afterAll(async () => {
  await kit?.devnet.stop()
})

beforeEach(async () => {
  ;[wallet, dapp] = await Promise.all([
    createWcTestWallet({
      ...manifest.walletConnect,
      privateKeys: [evm.privateKey as `0x${string}`],
      chains: [{ id: chain.chainId, rpcUrl: chain.rpcUrl }],
      solana: {
        secretKey: kit.devnet.keys.accounts[6]?.secretKey as string,
        rpcUrl: kit.devnet.rpcUrl,
        chains: [kit.devnet.caipNetworkId],
      },
    }),
    createTestDapp(manifest.walletConnect.relayUrl, manifest.walletConnect.projectId),
  ])
})
afterEach(async () => {
  await Promise.all([wallet.close(), dapp.close()])
})

/** Pairs and approves a session asking for `namespaces`; the dapp's view of it. */
async function connect(
  namespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>,
): Promise<SessionTypes.Struct> {
  const { uri, approval } = await dapp.client.connect({ optionalNamespaces: namespaces })
  await wallet.pair(uri as string)
  const [, session] = await Promise.all([wallet.approve(), approval()])
  return session
}

const bothNamespaces = () => ({
  eip155: {
    chains: [`eip155:${chain.chainId}`],
    methods: DAPP_METHODS,
    events: ['accountsChanged', 'chainChanged'],
  },
  solana: { chains: [kit.devnet.caipNetworkId], methods: SOLANA_METHODS, events: [] },
})

const solanaRequest = <T>(session: SessionTypes.Struct, method: string, params: unknown) =>
  dapp.client.request<T>({
    topic: session.topic,
    chainId: kit.devnet.caipNetworkId,
    request: { method, params },
  })

/** An unsigned v0 SOL transfer paid by the wallet's Solana account, as base64 wire bytes. */
async function transfer(to: string, amount: bigint): Promise<string> {
  const { value: latest } = await kit.rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(keypair.address), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(address(keypair.address)),
          destination: address(to),
          amount: lamports(amount),
        }),
        m,
      ),
  )
  const bytes = getTransactionEncoder().encode(compileTransaction(message))
  return Buffer.from(bytes).toString('base64')
}

const balance = async (owner: string) => (await kit.rpc.getBalance(address(owner)).send()).value

describe('createWcTestWallet with a Solana account', () => {
  it('settles the solana namespace beside eip155 in one session', async () => {
    const session = await connect(bothNamespaces())
    expect(wallet.solanaAddress).toBe(keypair.address)
    expect(session.namespaces.solana).toMatchObject({
      chains: [kit.devnet.caipNetworkId],
      accounts: [`${kit.devnet.caipNetworkId}:${keypair.address}`],
    })
    expect(session.namespaces.solana?.methods).toEqual(expect.arrayContaining(SOLANA_METHODS))
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:${chain.chainId}:${evm.address}`])
  })

  it('settles a Solana-only session when only Solana is asked for', async () => {
    const session = await connect({ solana: bothNamespaces().solana })
    expect(Object.keys(session.namespaces)).toEqual(['solana'])
  })

  it('approves only Solana when told to, though EVM chains it has are asked for', async () => {
    const { uri, approval } = await dapp.client.connect({ optionalNamespaces: bothNamespaces() })
    await wallet.pair(uri as string)
    const [, session] = await Promise.all([wallet.approve({ namespaces: ['solana'] }), approval()])
    expect(Object.keys(session.namespaces)).toEqual(['solana'])
    expect(wallet.sessionTopic).toBe(session.topic)
    expect(session.namespaces.solana?.accounts).toEqual([
      `${kit.devnet.caipNetworkId}:${keypair.address}`,
    ])
  })

  it('switches its Solana account: a session update listing it, then accountsChanged; it signs from then on', async () => {
    const session = await connect(bothNamespaces())
    const next = kit.devnet.keys.accounts[5]
    if (!next) throw new Error('no devnet Solana account 5')
    await wallet.switchSolanaAccount(next.secretKey)
    expect(wallet.solanaAddress).toBe(next.address)
    const updated = await dapp.nextEvent('session_update')
    expect(updated.args.params.namespaces.solana?.accounts).toEqual([
      `${kit.devnet.caipNetworkId}:${next.address}`,
    ])
    const told = await dapp.nextEvent('session_event')
    expect(told.args.params).toMatchObject({
      chainId: kit.devnet.caipNetworkId,
      event: { name: 'accountsChanged', data: [`${kit.devnet.caipNetworkId}:${next.address}`] },
    })
    const message = new TextEncoder().encode('another account')
    const { signature } = await solanaRequest<{ signature: string }>(
      session,
      'solana_signMessage',
      { message: base58.encode(message), pubkey: next.address },
    )
    expect(
      verifyEd25519(solanaKeypair(next.secretKey).publicKey, message, base58.decode(signature)),
    ).toBe(true)
  })

  it('tells a switch by the accountsChanged event alone when asked to', async () => {
    await connect(bothNamespaces())
    const next = kit.devnet.keys.accounts[5]
    if (!next) throw new Error('no devnet Solana account 5')
    await wallet.switchSolanaAccount(next.secretKey, { announce: 'event' })
    const told = await dapp.nextEvent('session_event')
    expect(told.args.params.event.data).toEqual([`${kit.devnet.caipNetworkId}:${next.address}`])
    expect(dapp.events.some((event) => event.name === 'session_update')).toBe(false)
  })

  it('answers solana_signMessage with a base58 ed25519 signature', async () => {
    const session = await connect(bothNamespaces())
    const message = new TextEncoder().encode('Sign in to Latch')
    const { signature } = await solanaRequest<{ signature: string }>(
      session,
      'solana_signMessage',
      {
        message: base58.encode(message),
        pubkey: keypair.address,
      },
    )
    expect(verifyEd25519(keypair.publicKey, message, base58.decode(signature))).toBe(true)
    await expect(
      solanaRequest(session, 'solana_signMessage', {
        message: base58.encode(message),
        pubkey: kit.devnet.keys.accounts[0]?.address,
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('answers solana_signTransaction with the signature and the signed transaction, which lands', async () => {
    const session = await connect(bothNamespaces())
    const { address: to } = await generateKeyPairSigner()
    const answer = await solanaRequest<{ signature: string; transaction: string }>(
      session,
      'solana_signTransaction',
      { transaction: await transfer(to, 4_000_000n) },
    )
    const signed = new Uint8Array(Buffer.from(answer.transaction, 'base64'))
    expect(base58.encode(parseWireTransaction(signed).signatures[0] as Uint8Array)).toBe(
      answer.signature,
    )
    const sent = await sendWireTransaction(kit.devnet.rpcUrl, signed, { commitment: 'confirmed' })
    expect(sent).toBe(answer.signature)
    expect(await balance(to)).toBe(4_000_000n)
  })

  it('answers solana_signAndSendTransaction with the signature of a transaction that lands', async () => {
    const session = await connect(bothNamespaces())
    const { address: to } = await generateKeyPairSigner()
    const { signature } = await solanaRequest<{ signature: string }>(
      session,
      'solana_signAndSendTransaction',
      { transaction: await transfer(to, 6_000_000n), sendOptions: { skipPreflight: false } },
    )
    await expect
      .poll(async () => (await kit.rpc.getSignatureStatuses([signature as never]).send()).value[0])
      .toMatchObject({ err: null })
    expect(await balance(to)).toBe(6_000_000n)
    expect(await wallet.waitForRequest('solana_signAndSendTransaction')).toMatchObject({
      chainId: kit.devnet.caipNetworkId,
      result: { signature },
    })
  })

  it('declines with 4001 when told to, and refuses a malformed transaction unasked', async () => {
    const session = await connect(bothNamespaces())
    wallet.setDecision('reject', 'solana_signMessage')
    await expect(
      solanaRequest(session, 'solana_signMessage', {
        message: base58.encode(new Uint8Array([1, 2, 3])),
        pubkey: keypair.address,
      }),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(
      solanaRequest(session, 'solana_signTransaction', { transaction: 'AAAA' }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params/) })
  })
})
