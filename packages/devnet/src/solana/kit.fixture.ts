import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase58Encoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { type SolanaDevnet, startSolanaDevnet } from './server.ts'

/** A Solana devnet of its own on a free port, with @solana/kit clients talking to it. */
export async function startKitDevnet(options: { slotMs?: number } = {}) {
  const devnet: SolanaDevnet = await startSolanaDevnet({
    port: 0,
    mnemonic: DEVNET_MNEMONIC,
    ...options,
  })
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl)
  const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
  const signer = (index: number): Promise<KeyPairSigner> => {
    const account = devnet.keys.accounts[index]
    if (!account) throw new Error(`no devnet account ${index}`)
    return createKeyPairSignerFromBytes(getBase58Encoder().encode(account.secretKey))
  }
  /** A transaction of `instructions` paid by `payer`, on a fresh blockhash, signed. */
  const signed = async (payer: KeyPairSigner, instructions: Instruction[]) => {
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(payer, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(latest, message),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
    )
    // Signed on a blockhash, so it carries a blockhash lifetime (what sendAndConfirm expects).
    return transaction as Parameters<typeof sendAndConfirm>[0]
  }
  /** A raw JSON-RPC call, to read exactly what the node answers. */
  const call = async (method: string, params: unknown[] = []) => {
    const response = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: Record<string, unknown> }
    }
  }
  return { devnet, rpc, rpcSubscriptions, sendAndConfirm, signer, signed, call }
}
