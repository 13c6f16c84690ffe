import type { DevnetManifest } from '@latch/protocol'
import { decodeBase58 } from '@latch/protocol/solana'
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
} from '@solana-program/token'
import { expect, inject } from 'vitest'

// Helpers for the tests that run against the devnet's Solana chain.
const solana = inject('devnet').solana as NonNullable<DevnetManifest['solana']>

/** Calls the devnet's node directly (its devnet-only methods are not on the gateway). */
export async function devnetCall<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as { result?: T; error?: { message: string } }
  if (answer.error) throw new Error(answer.error.message)
  return answer.result as T
}

export const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/**
 * A new Token-2022 mint, `amount` of it minted to the payer's associated account: built with
 * @solana/kit and its program clients, independent of the builder under test.
 */
export async function createToken2022Mint(payerSecret: string, decimals: number, amount: bigint) {
  const node = createSolanaRpc(solana.rpcUrl)
  const payer = await createKeyPairSignerFromBytes(decodeBase58(payerSecret) as Uint8Array)
  const mint = await generateKeyPairSigner()
  const tokenProgram = address(TOKEN_2022)
  const [holding] = await findAssociatedTokenPda({
    owner: payer.address,
    mint: mint.address,
    tokenProgram,
  })
  const space = 82n
  const rent = await node.getMinimumBalanceForRentExemption(space).send()
  const { value: latest } = await node.getLatestBlockhash().send()
  const transaction = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(latest, message),
      (message) =>
        appendTransactionMessageInstructions(
          [
            getCreateAccountInstruction({
              payer,
              newAccount: mint,
              lamports: rent,
              space,
              programAddress: tokenProgram,
            }),
            getInitializeMint2Instruction(
              { mint: mint.address, decimals, mintAuthority: payer.address },
              { programAddress: tokenProgram },
            ),
            getCreateAssociatedTokenIdempotentInstruction({
              payer,
              ata: holding,
              owner: payer.address,
              mint: mint.address,
              tokenProgram,
            }),
            getMintToCheckedInstruction(
              { mint: mint.address, token: holding, mintAuthority: payer, amount, decimals },
              { programAddress: tokenProgram },
            ),
          ],
          message,
        ),
    ),
  )
  const id = await devnetCall<string>('sendTransaction', [
    getBase64EncodedWireTransaction(transaction),
    { encoding: 'base64' },
  ])
  const status = await devnetCall<{ value: ({ err: unknown } | null)[] }>('getSignatureStatuses', [
    [id],
  ])
  expect(status.value[0]?.err).toBeNull()
  return mint.address as string
}
