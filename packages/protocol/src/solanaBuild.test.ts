import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  isOffCurveAddress,
  isProgramDerivedAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './solanaAddress.ts'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  associatedTokenAddress,
  compileLegacyMessage,
  createAssociatedTokenIdempotentInstruction,
  isOnCurve,
  SYSTEM_PROGRAM,
  systemTransferInstruction,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  transferCheckedInstruction,
  unsignedTransaction,
} from './solanaBuild.ts'
import { decodeSolanaTransaction } from './solanaWire.ts'

// Checked against @solana/kit and its program clients, an implementation independent of this one.
const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const RECEIVER = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'

/** Kit's wire bytes of a legacy transaction of `instructions`, fee paid by OWNER. */
function kitWire(instructions: Parameters<typeof appendTransactionMessageInstructions>[0]) {
  const payer = createNoopSigner(address(OWNER))
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: BLOCKHASH as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

/** A transaction as what it does: fee payer, blockhash, and each instruction's accounts by role. */
function resolved(wire: Uint8Array) {
  const { message, signatures } = decodeSolanaTransaction(wire)
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } =
    message.header
  const keys = message.staticAccounts
  const role = (index: number) => {
    const signer = index < numRequiredSignatures
    const writable = signer
      ? index < numRequiredSignatures - numReadonlySignedAccounts
      : index < keys.length - numReadonlyUnsignedAccounts
    return { address: keys[index], signer, writable }
  }
  return {
    signatures: signatures.length,
    header: message.header,
    feePayer: keys[0],
    blockhash: message.recentBlockhash,
    instructions: message.instructions.map((instruction) => ({
      program: role(instruction.programIdIndex),
      accounts: instruction.accountIndexes.map(role),
      data: [...instruction.data],
    })),
  }
}

describe('Solana transaction builder', () => {
  // Token-2022's id is checked by the core's transfer test, which runs its real program by it.
  it("names the programs by their clients' ids", () => {
    expect([SYSTEM_PROGRAM, TOKEN_PROGRAM, ASSOCIATED_TOKEN_PROGRAM]).toEqual([
      SYSTEM_PROGRAM_ADDRESS,
      TOKEN_PROGRAM_ADDRESS,
      ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    ])
  })

  it('writes a SOL transfer byte for byte as @solana/kit does', () => {
    const ours = unsignedTransaction(
      compileLegacyMessage({
        feePayer: OWNER,
        recentBlockhash: BLOCKHASH,
        instructions: [systemTransferInstruction(OWNER, RECEIVER, 1_500_000_000n)],
      }),
    )
    const kit = kitWire([
      getTransferSolInstruction({
        source: createNoopSigner(address(OWNER)),
        destination: address(RECEIVER),
        amount: 1_500_000_000n,
      }),
    ])
    expect(ours).toEqual(kit)
    const decoded = decodeSolanaTransaction(ours)
    expect(decoded.signatures).toHaveLength(1)
    expect(decoded.message.staticAccounts).toEqual([
      OWNER,
      RECEIVER,
      '11111111111111111111111111111111',
    ])
  })

  it('derives associated token accounts as @solana/kit does, under Token and Token-2022', async () => {
    for (const tokenProgram of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
      for (const owner of [OWNER, RECEIVER]) {
        const [expected] = await findAssociatedTokenPda({
          owner: address(owner),
          mint: address(MINT),
          tokenProgram: address(tokenProgram),
        })
        const ours = await associatedTokenAddress(owner, MINT, tokenProgram)
        expect(ours).toBe(expected)
        expect(isOnCurve(decodeBase58(ours) as Uint8Array)).toBe(false)
        expect(isProgramDerivedAddress([address(ours), 255])).toBe(true)
      }
    }
  })

  it('tells points of the curve from other bytes as @solana/kit does', () => {
    for (let round = 0; round < 300; round++) {
      const bytes = crypto.getRandomValues(new Uint8Array(32))
      expect(isOnCurve(bytes)).toBe(!isOffCurveAddress(address(encodeBase58(bytes))))
    }
    for (const key of [OWNER, MINT]) expect(isOnCurve(decodeBase58(key) as Uint8Array)).toBe(true)
  })

  it('writes an SPL transfer creating the receiver account as @solana/kit does', async () => {
    const source = await associatedTokenAddress(OWNER, MINT, TOKEN_PROGRAM)
    const destination = await associatedTokenAddress(RECEIVER, MINT, TOKEN_PROGRAM)
    const ours = unsignedTransaction(
      compileLegacyMessage({
        feePayer: OWNER,
        recentBlockhash: BLOCKHASH,
        instructions: [
          createAssociatedTokenIdempotentInstruction({
            payer: OWNER,
            account: destination,
            owner: RECEIVER,
            mint: MINT,
            tokenProgram: TOKEN_PROGRAM,
          }),
          transferCheckedInstruction({
            programId: TOKEN_PROGRAM,
            source,
            mint: MINT,
            destination,
            owner: OWNER,
            amount: 2_500_000n,
            decimals: 6,
          }),
        ],
      }),
    )
    const payer = createNoopSigner(address(OWNER))
    const kit = kitWire([
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: address(destination),
        owner: address(RECEIVER),
        mint: address(MINT),
      }),
      getTransferCheckedInstruction({
        source: address(source),
        mint: address(MINT),
        destination: address(destination),
        authority: payer,
        amount: 2_500_000n,
        decimals: 6,
      }),
    ])
    // The same accounts, roles, instructions and data; kit orders accounts of one role by a
    // locale collation of their text, which the runtime does not ask for.
    expect(resolved(ours)).toEqual(resolved(kit))
  })

  it('refuses an amount that does not fit in a u64', () => {
    expect(() => systemTransferInstruction(OWNER, RECEIVER, 1n << 64n)).toThrow(RangeError)
    expect(() => systemTransferInstruction(OWNER, RECEIVER, -1n)).toThrow(RangeError)
  })
})
