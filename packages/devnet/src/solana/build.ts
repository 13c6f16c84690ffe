import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransactionMessage,
  createNoopSigner,
  createTransactionMessage,
  getCompiledTransactionMessageEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import type { SolanaKeypair } from './keys.ts'
import { encodeWireTransaction } from './wire.ts'

/** A signer with no key, for instruction builders that want a signer where the chain signs itself. */
export const signerOf = (keypair: SolanaKeypair) => createNoopSigner(address(keypair.address))

/**
 * A legacy transaction of `instructions` paid by the first keypair, signed by every keypair it
 * needs, in wire form: how the devnet's own faucet and start-up funding send, like any client.
 */
export function buildTransaction(
  instructions: Instruction[],
  keypairs: SolanaKeypair[],
  recentBlockhash: string,
): Uint8Array {
  const [payer] = keypairs
  if (!payer) throw new Error('a transaction needs a fee payer')
  const compiled = compileTransactionMessage(
    pipe(
      createTransactionMessage({ version: 'legacy' }),
      (message) => setTransactionMessageFeePayer(address(payer.address), message),
      (message) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash(recentBlockhash), lastValidBlockHeight: 0n },
          message,
        ),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
  const messageBytes = new Uint8Array(getCompiledTransactionMessageEncoder().encode(compiled))
  const byAddress = new Map(keypairs.map((keypair) => [keypair.address, keypair]))
  const signers = compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts)
  const signatures = signers.map((signer) => {
    const keypair = byAddress.get(signer)
    if (!keypair) throw new Error(`no key for signer ${signer}`)
    return keypair.sign(messageBytes)
  })
  return encodeWireTransaction(messageBytes, signatures)
}
