import {
  address,
  airdropFactory,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startKitDevnet } from './kit.fixture.ts'

let kit: Awaited<ReturnType<typeof startKitDevnet>>
beforeAll(async () => {
  kit = await startKitDevnet()
})
afterAll(async () => {
  await kit?.devnet.stop()
})

describe('Solana devnet with @solana/kit', () => {
  it('starts with USDC minted and every devnet account holding 1,000 SOL and 100,000 USDC', async () => {
    const mint = address(kit.devnet.keys.usdcMint.address)
    const mintInfo = await kit.rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
    expect(mintInfo.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, isInitialized: true } },
    })
    for (const account of kit.devnet.keys.accounts) {
      const owner = address(account.address)
      expect((await kit.rpc.getBalance(owner).send()).value).toBe(1_000_000_000_000n)
      const tokens = await kit.rpc
        .getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' })
        .send()
      expect(tokens.value).toHaveLength(1)
      expect(tokens.value[0]?.account.data.parsed.info.tokenAmount).toMatchObject({
        amount: '100000000000',
        decimals: 6,
        uiAmountString: '100000',
      })
    }
    expect(await kit.rpc.getGenesisHash().send()).toBe(kit.devnet.chain.genesisHash)
    expect(kit.devnet.caipNetworkId).toBe(`solana:${kit.devnet.chain.genesisHash.slice(0, 32)}`)
  })

  it('airdrops SOL to a new address and confirms it over the WebSocket', async () => {
    const fresh = await generateKeyPairSigner()
    const airdrop = airdropFactory({ rpc: kit.rpc, rpcSubscriptions: kit.rpcSubscriptions })
    const signature = await airdrop({
      recipientAddress: fresh.address,
      lamports: lamports(2_000_000_000n),
      commitment: 'confirmed',
    })
    expect((await kit.rpc.getBalance(fresh.address).send()).value).toBe(2_000_000_000n)
    const statuses = await kit.rpc.getSignatureStatuses([signature]).send()
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  })

  it('moves SOL with a signed transfer: balances, fee, history and the transaction read back', async () => {
    const sender = await kit.signer(1)
    const receiver = await generateKeyPairSigner()
    const before = (await kit.rpc.getBalance(sender.address).send()).value
    const transaction = await kit.signed(sender, [
      getTransferSolInstruction({
        source: sender,
        destination: receiver.address,
        amount: 1_500_000_000n,
      }),
    ])
    await kit.sendAndConfirm(transaction, { commitment: 'confirmed' })
    const signature = getSignatureFromTransaction(transaction)

    expect((await kit.rpc.getBalance(receiver.address).send()).value).toBe(1_500_000_000n)
    expect((await kit.rpc.getBalance(sender.address).send()).value).toBe(
      before - 1_500_000_000n - 5000n,
    )

    const history = await kit.rpc.getSignaturesForAddress(receiver.address).send()
    expect(history.map((entry) => entry.signature)).toEqual([signature])
    const parsed = await kit.rpc
      .getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send()
    expect(parsed?.meta).toMatchObject({ err: null, fee: 5000n })
    expect(parsed?.meta?.preBalances[0]).toBe(before)
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: { source: sender.address, destination: receiver.address, lamports: 1_500_000_000n },
      },
    })
    const plain = await kit.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(plain?.version).toBe(0)
    expect(plain?.transaction.signatures).toEqual([signature])
    expect(plain?.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success')
  })

  it("sends USDC to an address without a token account, creating the receiver's associated token account", async () => {
    const sender = await kit.signer(2)
    const receiver = await generateKeyPairSigner()
    const mint = address(kit.devnet.keys.usdcMint.address)
    const [source] = await findAssociatedTokenPda({
      owner: sender.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: receiver.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const transaction = await kit.signed(sender, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: sender,
        ata: destination,
        owner: receiver.address,
        mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: sender,
        amount: 25_500_000n,
        decimals: 6,
      }),
    ])
    await kit.sendAndConfirm(transaction, { commitment: 'confirmed' })
    const signature = getSignatureFromTransaction(transaction)

    const received = await kit.rpc
      .getTokenAccountsByOwner(
        receiver.address,
        { programId: TOKEN_PROGRAM_ADDRESS },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(received.value.map((entry) => entry.pubkey)).toEqual([destination])
    expect(received.value[0]?.account.data.parsed.info).toMatchObject({
      mint,
      owner: receiver.address,
      state: 'initialized',
      tokenAmount: { amount: '25500000', decimals: 6, uiAmountString: '25.5' },
    })
    expect((await kit.rpc.getTokenAccountBalance(source).send()).value.uiAmountString).toBe(
      '99974.5',
    )

    const [latest] = await kit.rpc.getSignaturesForAddress(sender.address, { limit: 1 }).send()
    expect(latest?.signature).toBe(signature)
    const parsed = await kit.rpc
      .getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send()
    expect(
      parsed?.transaction.message.instructions.map((ix) => ('parsed' in ix ? ix.parsed.type : '')),
    ).toEqual(['createIdempotent', 'transferChecked'])
    expect(parsed?.meta?.preTokenBalances?.map((balance) => balance.uiTokenAmount.amount)).toEqual([
      '100000000000',
    ])
    const after = parsed?.meta?.postTokenBalances?.map((balance) => [
      balance.owner,
      balance.uiTokenAmount.uiAmountString,
    ])
    expect(after).toHaveLength(2)
    expect(after).toEqual(
      expect.arrayContaining([
        [sender.address, '99974.5'],
        [receiver.address, '25.5'],
      ]),
    )
    // Creating the account ran the token program inside the associated token program.
    expect(parsed?.meta?.innerInstructions?.[0]?.instructions.length).toBeGreaterThan(0)
  })

  it('pages getSignaturesForAddress newest first with limit, before and until', async () => {
    const sender = await kit.signer(3)
    const receiver = await generateKeyPairSigner()
    const signatures: string[] = []
    for (const amount of [1_000_000_000n, 2_000_000n, 3_000_000n]) {
      const transaction = await kit.signed(sender, [
        getTransferSolInstruction({ source: sender, destination: receiver.address, amount }),
      ])
      await kit.sendAndConfirm(transaction, { commitment: 'confirmed' })
      signatures.push(getSignatureFromTransaction(transaction))
    }
    const newest = [...signatures].reverse()
    const page = (config: Parameters<typeof kit.rpc.getSignaturesForAddress>[1]) =>
      kit.rpc
        .getSignaturesForAddress(receiver.address, config)
        .send()
        .then((list) => list.map((entry) => entry.signature))
    expect(await page({})).toEqual(newest)
    expect(await page({ limit: 2 })).toEqual(newest.slice(0, 2))
    expect(await page({ before: newest[0] as never })).toEqual(newest.slice(1))
    expect(await page({ until: newest[2] as never })).toEqual(newest.slice(0, 2))
  })

  it('notifies a signature subscription once the transaction lands, and an account subscription of the new balance', async () => {
    const sender = await kit.signer(4)
    const receiver = await generateKeyPairSigner()
    const transaction = await kit.signed(sender, [
      getTransferSolInstruction({
        source: sender,
        destination: receiver.address,
        amount: 1_000_000_000n,
      }),
    ])
    const signature = getSignatureFromTransaction(transaction)
    const abort = new AbortController()
    const signatureNotes = await kit.rpcSubscriptions
      .signatureNotifications(signature, { commitment: 'confirmed' })
      .subscribe({ abortSignal: abort.signal })
    const accountNotes = await kit.rpcSubscriptions
      .accountNotifications(receiver.address, { commitment: 'confirmed', encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    const nextSignature = signatureNotes[Symbol.asyncIterator]().next()
    const nextAccount = accountNotes[Symbol.asyncIterator]().next()
    await kit.rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    const note = await nextSignature
    expect(note.value).toMatchObject({ value: { err: null } })
    expect((await nextAccount).value).toMatchObject({ value: { lamports: 1_000_000_000n } })
    abort.abort()
  })
})
