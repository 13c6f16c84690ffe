import {
  type Blockhash,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  isSolanaError,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BLOCKHASH_VALID_BLOCKS } from './constants.ts'
import { startKitDevnet } from './kit.fixture.ts'

let kit: Awaited<ReturnType<typeof startKitDevnet>>
beforeAll(async () => {
  kit = await startKitDevnet()
})
afterAll(async () => {
  await kit?.devnet.stop()
})

/** What sending `wire` makes @solana/kit throw. */
async function refusal(wire: string): Promise<unknown> {
  return kit.rpc
    .sendTransaction(wire as never, { encoding: 'base64' })
    .send()
    .then(
      () => undefined,
      (error: unknown) => error,
    )
}

describe('Solana devnet refusals, as a validator gives them', () => {
  it('refuses a transaction whose blockhash has aged out: Blockhash not found, nothing moved', async () => {
    const sender = await kit.signer(5)
    const receiver = await generateKeyPairSigner()
    const transaction = await kit.signed(sender, [
      getTransferSolInstruction({
        source: sender,
        destination: receiver.address,
        amount: 1_000_000_000n,
      }),
    ])
    const blockhash = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
      .lifetimeToken as Blockhash
    expect((await kit.rpc.isBlockhashValid(blockhash).send()).value).toBe(true)
    await kit.call('latch_advanceSlots', [BLOCKHASH_VALID_BLOCKS + 1])
    expect((await kit.rpc.isBlockhashValid(blockhash).send()).value).toBe(false)

    const wire = getBase64EncodedWireTransaction(transaction)
    const error = await refusal(wire)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    expect(
      isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND),
    ).toBe(true)
    const raw = await kit.call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(raw.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound', logs: [], accounts: null },
    })
    expect((await kit.rpc.getBalance(receiver.address).send()).value).toBe(0n)
  })

  it('keeps a blockhash usable while it is recent, so a slow signer still gets in', async () => {
    const sender = await kit.signer(5)
    const receiver = await generateKeyPairSigner()
    const transaction = await kit.signed(sender, [
      getTransferSolInstruction({
        source: sender,
        destination: receiver.address,
        amount: 1_000_000_000n,
      }),
    ])
    await kit.call('latch_advanceSlots', [BLOCKHASH_VALID_BLOCKS - 10])
    await kit.sendAndConfirm(transaction, { commitment: 'confirmed' })
    expect((await kit.rpc.getBalance(receiver.address).send()).value).toBe(1_000_000_000n)
  })

  it('refuses a transfer of more SOL than the sender holds, with the program logs', async () => {
    const poor = await generateKeyPairSigner()
    await kit.call('requestAirdrop', [poor.address, 10_000_000])
    const transaction = await kit.signed(poor, [
      getTransferSolInstruction({
        source: poor,
        destination: (await generateKeyPairSigner()).address,
        amount: 50_000_000n,
      }),
    ])
    const wire = getBase64EncodedWireTransaction(transaction)
    const error = await refusal(wire)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(
      true,
    )
    const raw = await kit.call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(raw.error).toMatchObject({
      code: -32002,
      message:
        'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: { err: { InstructionError: [0, { Custom: 1 }] } },
    })
    expect(raw.error?.data?.logs).toContain(
      'Transfer: insufficient lamports 9995000, need 50000000',
    )
    expect((await kit.rpc.getBalance(poor.address).send()).value).toBe(10_000_000n)
  })

  it('refuses a fee payer that has never held SOL', async () => {
    const nobody = await generateKeyPairSigner()
    const transaction = await kit.signed(nobody, [
      getTransferSolInstruction({
        source: nobody,
        destination: (await generateKeyPairSigner()).address,
        amount: 1n,
      }),
    ])
    const raw = await kit.call('sendTransaction', [
      getBase64EncodedWireTransaction(transaction),
      { encoding: 'base64' },
    ])
    expect(raw.error).toMatchObject({
      code: -32002,
      message:
        'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      data: { err: 'AccountNotFound' },
    })
  })

  it('refuses a transaction whose signature does not match its message', async () => {
    const sender = await kit.signer(6)
    const transaction = await kit.signed(sender, [
      getTransferSolInstruction({
        source: sender,
        destination: (await generateKeyPairSigner()).address,
        amount: 1n,
      }),
    ])
    const bytes = Buffer.from(getBase64EncodedWireTransaction(transaction), 'base64')
    // Byte 0 counts the signatures; byte 1 is the first byte of the fee payer's signature.
    bytes[1] = (bytes[1] ?? 0) ^ 1
    const raw = await kit.call('sendTransaction', [
      bytes.toString('base64'),
      { encoding: 'base64' },
    ])
    expect(raw.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    })
  })

  it('answers bad params with -32602 and a message, through kit and on the wire', async () => {
    const error = await kit.rpc
      .getBalance('not-an-address' as never)
      .send()
      .then(
        () => undefined,
        (caught: unknown) => caught,
      )
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true)
    expect(await kit.call('getBalance', ['0OIl'])).toMatchObject({
      error: { code: -32602, message: 'Invalid param: Invalid' },
    })
    expect(await kit.call('getBalance', ['abc'])).toMatchObject({
      error: { code: -32602, message: 'Invalid param: WrongSize' },
    })
    expect(await kit.call('getBalance', [])).toMatchObject({
      error: { code: -32602, message: '`params` should have at least 1 argument(s)' },
    })
    expect(
      await kit.call('getSignaturesForAddress', [kit.devnet.keys.faucet.address, { limit: 1001 }]),
    ).toMatchObject({
      error: { code: -32602, message: 'Invalid limit; max 1000' },
    })
    expect(await kit.call('sendTransaction', ['AAAA', { encoding: 'base64' }])).toMatchObject({
      error: { code: -32602 },
    })
    expect(await kit.call('getFooBar')).toMatchObject({
      error: { code: -32601, message: 'Method not found' },
    })
  })
})
