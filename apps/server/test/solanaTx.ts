import type { DevnetManifest } from '@latch/protocol'
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'

type SolanaDevnet = NonNullable<DevnetManifest['solana']>

/** Real signed transfers on the test devnet's Solana chain, sent and confirmed. */
export function solanaDevnet(chain: SolanaDevnet) {
  const rpc = createSolanaRpc(chain.rpcUrl)
  const sendAndConfirm = sendAndConfirmTransactionFactory({
    rpc,
    rpcSubscriptions: createSolanaRpcSubscriptions(chain.wsUrl),
  })
  const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
  if (!usdc) throw new Error('the Solana devnet has no USDC')
  const mint = address(usdc.mint)

  const send = async (payer: KeyPairSigner, instructions: Instruction[]): Promise<string> => {
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(payer, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(latest, message),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
    )
    await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
    })
    return getSignatureFromTransaction(transaction)
  }

  return {
    mint: usdc.mint,
    /** The signer of the devnet's funded account `index`. */
    account: (index: number) => {
      const account = chain.accounts[index]
      if (!account) throw new Error(`no Solana devnet account ${index}`)
      return createKeyPairSignerFromBytes(getBase58Encoder().encode(account.secretKey))
    },
    fresh: () => generateKeyPairSigner(),
    sendSol: (from: KeyPairSigner, to: string, lamports: bigint) =>
      send(from, [
        getTransferSolInstruction({ source: from, destination: address(to), amount: lamports }),
      ]),
    /** USDC (6 decimals) to `to`, opening its token account when it has none. */
    sendUsdc: async (from: KeyPairSigner, to: string, amount: bigint) => {
      const ata = async (owner: string) =>
        (
          await findAssociatedTokenPda({
            owner: address(owner),
            mint,
            tokenProgram: TOKEN_PROGRAM_ADDRESS,
          })
        )[0]
      return send(from, [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: from,
          ata: await ata(to),
          owner: address(to),
          mint,
        }),
        getTransferCheckedInstruction({
          source: await ata(from.address),
          mint,
          destination: await ata(to),
          authority: from,
          amount,
          decimals: 6,
        }),
      ])
    },
  }
}
