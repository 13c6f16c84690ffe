import { decodeBase64, decodeSolanaTransaction } from '@latch/protocol/solana-wire'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chainsOfDevnet } from '../src/config.ts'
import { loginByEmail, walletCall } from './embeddedFixtures.ts'
import { startTestServer, type TestServer } from './helpers.ts'
import { solanaDevnet } from './solanaTx.ts'

const devnet = inject('devnet')
const chain = devnet.solana as NonNullable<typeof devnet.solana>
const rpc = createSolanaRpc(chain.rpcUrl)
const solana = solanaDevnet(chain)
const mint = address(solana.mint)
const LAMPORTS = 1_000_000_000n

/** A memo instruction (the Memo program takes its UTF-8 text as data). */
const memoInstruction = (text: string): Instruction => ({
  programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
  data: new TextEncoder().encode(text),
})

type Accounts = { namespace?: string; address: string; type: string }[]

const tokenAccount = async (owner: string) =>
  (
    await findAssociatedTokenPda({
      owner: address(owner),
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
  )[0]

const tokenBalance = async (owner: string) => {
  const { value } = await rpc
    .getTokenAccountsByOwner(address(owner), { mint }, { encoding: 'jsonParsed' })
    .send()
  return BigInt(
    (value[0]?.account.data as { parsed?: { info?: { tokenAmount?: { amount?: string } } } })
      ?.parsed?.info?.tokenAmount?.amount ?? '0',
  )
}

/** A kit-built transaction of `instructions` paid by `feePayer`, unsigned, as base64 wire bytes. */
async function wireTransaction(feePayer: Address, instructions: Instruction[]): Promise<string> {
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(feePayer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(latest, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

/** Waits until the chain has confirmed `signature`; fails on a transaction error. */
async function confirmed(signature: string): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const { value } = await rpc
      .getSignatureStatuses([signature as Parameters<typeof rpc.getSignatureStatuses>[0][0]])
      .send()
    const status = value[0]
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return
    if (Date.now() > deadline) throw new Error(`${signature} was not confirmed in 15 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the embedded wallet signs and sends on Solana for its user', () => {
  let server: TestServer
  let token: string
  let evmAddress: string
  let user: Address
  beforeAll(async () => {
    server = await startTestServer('pglite')
    const login = await loginByEmail(server)
    token = login.sessionToken
    evmAddress = login.user.address
    const accounts = (login.user as unknown as { accounts: Accounts }).accounts
    const found = accounts.find((account) => account.namespace === 'solana')
    if (!found) throw new Error('the login listed no Solana account')
    user = address(found.address)
    // SOL for fees and transfers, and USDC (opening the user's token account).
    const funder = await solana.account(0)
    await solana.sendSol(funder, user, 3n * LAMPORTS)
    await solana.sendUsdc(funder, user, 10_000_000n)
  })
  afterAll(async () => {
    await server?.close()
  })

  const call = (method: string, params: unknown, extra: Record<string, unknown> = {}) =>
    walletCall(server, 'rpc', { method, params, ...extra }, { token })

  it('the connected user lists the EVM and the Solana account, the same on every read', async () => {
    const response = await walletCall(server, 'session/user', {}, { token })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().accounts).toEqual([
      // The smart account the EVM key owns on the devnet chain (it has a bundler) comes first.
      {
        namespace: 'eip155',
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        type: 'smartAccount',
      },
      { namespace: 'eip155', address: evmAddress, type: 'eoa' },
      { namespace: 'solana', address: user, type: 'eoa' },
    ])
  })

  it('solana_signMessage: an ed25519 signature by the Solana address over the message bytes', async () => {
    const text = 'Sign in to Latch on Solana'
    const message = getBase58Decoder().decode(new TextEncoder().encode(text))
    const response = await call('solana_signMessage', { message, pubkey: user })
    expect(response.statusCode, response.body).toBe(200)
    const { signature } = response.json().result
    const key = await getPublicKeyFromAddress(user)
    const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
    expect(await verifySignature(key, bytes, new TextEncoder().encode(text))).toBe(true)
    expect(await verifySignature(key, bytes, new TextEncoder().encode(`${text}!`))).toBe(false)
  })

  it('solana_signTransaction: the user signature in the fee payer slot, verifiable, nothing sent', async () => {
    const receiver = (await solana.fresh()).address
    const transaction = await wireTransaction(user, [
      getTransferSolInstruction({
        source: createNoopSigner(user),
        destination: receiver,
        amount: LAMPORTS / 10n,
      }),
    ])
    const response = await call('solana_signTransaction', { transaction })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json().result
    const signed = decodeSolanaTransaction(decodeBase64(result.transaction) as Uint8Array)
    const slot = signed.signatures[0] as Uint8Array
    expect(getBase58Decoder().decode(slot)).toBe(result.signature)
    const key = await getPublicKeyFromAddress(user)
    expect(await verifySignature(key, signatureBytes(slot), signed.messageBytes)).toBe(true)
    // Signed only: the receiver has nothing.
    expect((await rpc.getBalance(receiver).send()).value).toBe(0n)
  })

  it('solana_signAndSendTransaction: a SOL transfer lands; balances move by the amount', async () => {
    const receiver = (await solana.fresh()).address
    const before = (await rpc.getBalance(user).send()).value
    const transaction = await wireTransaction(user, [
      getTransferSolInstruction({
        source: createNoopSigner(user),
        destination: receiver,
        amount: LAMPORTS / 4n,
      }),
    ])
    const response = await call('solana_signAndSendTransaction', { transaction })
    expect(response.statusCode, response.body).toBe(200)
    const { signature } = response.json().result
    await confirmed(signature)
    expect((await rpc.getBalance(receiver).send()).value).toBe(LAMPORTS / 4n)
    const after = (await rpc.getBalance(user).send()).value
    // The amount, and a fee of a few thousand lamports.
    expect(before - after - LAMPORTS / 4n).toBeGreaterThan(0n)
    expect(before - after - LAMPORTS / 4n).toBeLessThan(100_000n)
  })

  it("solana_signAndSendTransaction: USDC to a new owner, creating the receiver's token account", async () => {
    const receiver = (await solana.fresh()).address
    const authority = createNoopSigner(user)
    const before = await tokenBalance(user)
    const transaction = await wireTransaction(user, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: authority,
        ata: await tokenAccount(receiver),
        owner: receiver,
        mint,
      }),
      getTransferCheckedInstruction({
        source: await tokenAccount(user),
        mint,
        destination: await tokenAccount(receiver),
        authority,
        amount: 2_500_000n,
        decimals: 6,
      }),
    ])
    const response = await call(
      'solana_signAndSendTransaction',
      { transaction, sendOptions: { preflightCommitment: 'confirmed' } },
      { caipNetworkId: chain.caipNetworkId },
    )
    expect(response.statusCode, response.body).toBe(200)
    await confirmed(response.json().result.signature)
    expect(await tokenBalance(receiver)).toBe(2_500_000n)
    expect(await tokenBalance(user)).toBe(before - 2_500_000n)
  })

  it('solana_signAllTransactions: each signed in order', async () => {
    const receiver = (await solana.fresh()).address
    const transfer = (amount: bigint) =>
      wireTransaction(user, [
        getTransferSolInstruction({
          source: createNoopSigner(user),
          destination: receiver,
          amount,
        }),
      ])
    const transactions = [await transfer(1n), await transfer(2n)]
    const response = await call('solana_signAllTransactions', { transactions })
    expect(response.statusCode, response.body).toBe(200)
    const signed = response.json().result.transactions as string[]
    expect(signed).toHaveLength(2)
    const key = await getPublicKeyFromAddress(user)
    for (const [index, wire] of signed.entries()) {
      const decoded = decodeSolanaTransaction(decodeBase64(wire) as Uint8Array)
      const original = decodeSolanaTransaction(
        decodeBase64(transactions[index] as string) as Uint8Array,
      )
      expect(decoded.messageBytes).toEqual(original.messageBytes)
      expect(
        await verifySignature(
          key,
          signatureBytes(decoded.signatures[0] as Uint8Array),
          decoded.messageBytes,
        ),
      ).toBe(true)
    }
  })

  it('refuses a transaction the user is not a signer of, clearly, and signs nothing', async () => {
    const stranger = await solana.fresh()
    const transaction = await wireTransaction(stranger.address, [
      getTransferSolInstruction({ source: stranger, destination: user, amount: 1n }),
    ])
    for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction']) {
      const response = await call(method, { transaction })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(
        `This transaction does not need a signature from the connected account ${user}`,
      )
    }
    const all = await call('solana_signAllTransactions', { transactions: [transaction] })
    expect(all.statusCode).toBe(400)
    expect(all.json().message).toMatch(/^Transaction 1: This transaction does not need a signature/)
  })

  it("answers the node's refusal in plain words: more SOL, more USDC than the balance", async () => {
    const receiver = (await solana.fresh()).address
    const transaction = await wireTransaction(user, [
      getTransferSolInstruction({
        source: createNoopSigner(user),
        destination: receiver,
        amount: 1_000n * LAMPORTS,
      }),
    ])
    const response = await call('solana_signAndSendTransaction', { transaction })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().message).toBe('Insufficient SOL balance for this transfer')
    expect((await rpc.getBalance(receiver).send()).value).toBe(0n)

    const tooMuchUsdc = await wireTransaction(user, [
      getTransferCheckedInstruction({
        source: await tokenAccount(user),
        mint,
        destination: await tokenAccount(user),
        authority: createNoopSigner(user),
        amount: 1_000_000_000_000n,
        decimals: 6,
      }),
    ])
    const usdc = await call('solana_signAndSendTransaction', { transaction: tooMuchUsdc })
    expect(usdc.statusCode, usdc.body).toBe(400)
    expect(usdc.json().message).toBe('Insufficient token balance for this transfer')

    // Any other refusal is the node's one line, none of its simulation logs.
    const bogus = await wireTransaction(user, [
      {
        programAddress: TOKEN_PROGRAM_ADDRESS,
        accounts: [],
        data: new Uint8Array([250]),
      },
    ])
    const other = await call('solana_signAndSendTransaction', { transaction: bogus })
    expect(other.statusCode, other.body).toBe(400)
    expect(other.json().message).toMatch(/^The network refused the transaction: \S/)
    expect(other.json().message).not.toMatch(/\n|Program log/)
  })

  it('refuses a transaction another signer has not signed before sending it', async () => {
    const other = await solana.fresh()
    const transaction = await wireTransaction(user, [
      getTransferSolInstruction({
        source: createNoopSigner(other.address),
        destination: user,
        amount: 1n,
      }),
    ])
    const response = await call('solana_signAndSendTransaction', { transaction })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(
      `The transaction lacks the signature of ${other.address}: it cannot be sent`,
    )
    // Signing alone is fine: the other signer adds theirs later.
    expect((await call('solana_signTransaction', { transaction })).statusCode).toBe(200)
  })

  it('bad params and unknown networks: 400 with a message, never 500', async () => {
    const memo = await wireTransaction(user, [memoInstruction('hello')])
    const memoMessage = decodeSolanaTransaction(decodeBase64(memo) as Uint8Array).messageBytes
    const cases: [string, unknown, Record<string, unknown>, RegExp][] = [
      [
        'solana_signMessage',
        { message: '0OIl', pubkey: user },
        {},
        /params at params\.message: Expected a base58 message/,
      ],
      ['solana_signMessage', { message: 'abc' }, {}, /params at params\.pubkey/],
      ['solana_signMessage', ['abc', user], {}, /Invalid solana_signMessage params/],
      [
        'solana_signMessage',
        { message: 'abc', pubkey: (await solana.fresh()).address },
        {},
        /is not the connected account/,
      ],
      [
        'solana_signMessage',
        { message: getBase58Decoder().decode(memoMessage), pubkey: user },
        {},
        /This message is a Solana transaction/,
      ],
      [
        'solana_signMessage',
        { message: '2'.repeat(20_000), pubkey: user },
        {},
        /The message is longer than 8192 bytes/,
      ],
      [
        'solana_signTransaction',
        { transaction: 'not base64!' },
        {},
        /Expected a base64 transaction/,
      ],
      ['solana_signTransaction', { transaction: 'AAAA' }, {}, /params at params\.transaction: /],
      ['solana_signTransaction', { transaction: 'A'.repeat(4_000) }, {}, /too large/],
      ['solana_signTransaction', undefined, {}, /Invalid solana_signTransaction params/],
      ['solana_signAllTransactions', { transactions: [] }, {}, /at least one transaction/],
      [
        'solana_signAndSendTransaction',
        { transaction: memo, sendOptions: { skipPreflight: 'yes' } },
        {},
        /params at params\.sendOptions\.skipPreflight/,
      ],
      [
        'solana_signAndSendTransaction',
        { transaction: memo },
        { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
        /^Unsupported chain$/,
      ],
    ]
    for (const [method, params, extra, expected] of cases) {
      const response = await call(method, params, extra)
      expect(response.statusCode, `${method} ${JSON.stringify(params)}: ${response.body}`).toBe(400)
      expect(response.json().message).toMatch(expected)
    }
    // A malformed network id is refused by the body's schema.
    const malformed = await call(
      'solana_signMessage',
      { message: 'abc', pubkey: user },
      { caipNetworkId: 'solana:x' },
    )
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toMatch(/caipNetworkId/)
    // An EVM method without its chain says so.
    const evm = await call('personal_sign', ['0x00', evmAddress])
    expect(evm.statusCode).toBe(400)
    expect(evm.json().message).toBe('chainId is required for personal_sign')
  })

  it('solana/network names the network, its coin and its known tokens for the approval screen', async () => {
    const response = await walletCall(server, 'solana/network', {}, { token })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      caipNetworkId: chain.caipNetworkId,
      currency: { symbol: 'SOL', decimals: 9 },
      tokens: expect.arrayContaining([{ mint: solana.mint, symbol: 'USDC', decimals: 6 }]),
    })
    const unknown = await walletCall(
      server,
      'solana/network',
      { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
      { token },
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe('Unsupported chain')
    expect((await walletCall(server, 'solana/network', {})).statusCode).toBe(401)
  })

  it('a user from before Solana accounts gets one on first use, once, and it signs', async () => {
    const login = await loginByEmail(server)
    const userId = (
      await server.db.query<{ id: string }>('select id from wallet_users where address = $1', [
        login.user.address,
      ])
    )[0]?.id
    await server.db.query(
      `update wallet_users set solana_address = null, solana_key_iv = null,
         solana_key_ciphertext = null, solana_key_tag = null where id = $1`,
      [userId],
    )
    // Two first reads at once: one key is stored, both see it.
    const [first, second] = await Promise.all(
      [0, 1].map(() => walletCall(server, 'session/user', {}, { token: login.sessionToken })),
    )
    const solanaOf = (response: { json(): { accounts: Accounts } } | undefined) =>
      response?.json().accounts.find((account) => account.namespace === 'solana')?.address
    const created = solanaOf(first)
    expect(created).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(solanaOf(second)).toBe(created)
    const stored = await server.db.query<{ solana_address: string }>(
      'select solana_address from wallet_users where id = $1',
      [userId],
    )
    expect(stored[0]?.solana_address).toBe(created)
    const message = getBase58Decoder().decode(new TextEncoder().encode('hello'))
    const signed = await walletCall(
      server,
      'rpc',
      { method: 'solana_signMessage', params: { message, pubkey: created } },
      { token: login.sessionToken },
    )
    expect(signed.statusCode, signed.body).toBe(200)
    const key = await getPublicKeyFromAddress(address(created as string))
    const bytes = signatureBytes(
      new Uint8Array(getBase58Encoder().encode(signed.json().result.signature)),
    )
    expect(await verifySignature(key, bytes, new TextEncoder().encode('hello'))).toBe(true)
  })
})

describe('the embedded wallet on a server without a Solana chain', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      LATCH_CHAINS: JSON.stringify(chainsOfDevnet(devnet)),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('signs (no network needed) but cannot send, and says so', async () => {
    const login = await loginByEmail(server)
    const accounts = (login.user as unknown as { accounts: Accounts }).accounts
    const pubkey = accounts.find((account) => account.namespace === 'solana')?.address as string
    const call = (method: string, params: unknown) =>
      walletCall(server, 'rpc', { method, params }, { token: login.sessionToken })
    const message = getBase58Decoder().decode(new TextEncoder().encode('offline'))
    const signed = await call('solana_signMessage', { message, pubkey })
    expect(signed.statusCode, signed.body).toBe(200)
    const transaction = await wireTransaction(address(pubkey), [memoInstruction('hi')])
    const sent = await call('solana_signAndSendTransaction', { transaction })
    expect(sent.statusCode).toBe(400)
    expect(sent.json().message).toBe('No Solana network is configured')
    const network = await walletCall(server, 'solana/network', {}, { token: login.sessionToken })
    expect(network.statusCode).toBe(400)
    expect(network.json().message).toBe('No Solana network is configured')
  })
})
