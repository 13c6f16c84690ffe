import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { equalBytes, hexToBytes } from '@noble/curves/utils.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { SigHash, Transaction } from '@scure/btc-signer'
import { LatchError } from '../../errors.ts'
import type { Sender, TransferPlan } from './planTransfer.ts'

/** What a visitor is told when the wallet hands the transaction back without its signature. */
export const UNSIGNED_MESSAGE =
  'The wallet did not sign the transaction: nothing was sent. Try again, or use another wallet'

/** Replace-by-fee signalled (BIP-125), so a stuck payment can be sped up from the wallet. */
const RBF_SEQUENCE = 0xfffffffd

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const p2wpkhScript = (publicKey: Uint8Array) => Uint8Array.of(0x00, 20, ...hash160(publicKey))
/** BIP-143's script code of a P2WPKH spend: the P2PKH script of the key's hash. */
const scriptCode = (keyHash: Uint8Array) => Uint8Array.of(0x76, 0xa9, 20, ...keyHash, 0x88, 0xac)

/**
 * The unsigned transaction of a plan as a PSBT (version 0) for the wallet: each input with the
 * output it spends (so the wallet sees the amounts), nested segwit's redeem script and taproot's
 * internal key from the key the wallet reported.
 */
export function buildPsbt(plan: TransferPlan, sender: Sender): Uint8Array {
  const tx = new Transaction({ version: 2 })
  const key = sender.publicKey ? hexToBytes(sender.publicKey) : undefined
  for (const coin of plan.coins) {
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: sender.script, amount: coin.value },
      ...(sender.type === 'p2sh-p2wpkh' && key?.length === 33
        ? { redeemScript: p2wpkhScript(key) }
        : {}),
      ...(sender.type === 'p2tr' && key?.length === 32 ? { tapInternalKey: key } : {}),
    })
  }
  for (const output of plan.outputs) tx.addOutput(output)
  return tx.toPSBT(0)
}

/** Whether the wallet signed the very transaction it was given: same inputs, same outputs. */
function sameTransaction(signed: Transaction, plan: TransferPlan): boolean {
  if (signed.inputsLength !== plan.coins.length || signed.outputsLength !== plan.outputs.length)
    return false
  const inputs = plan.coins.every((coin, index) => {
    const input = signed.getInput(index)
    return (
      input.txid !== undefined &&
      equalBytes(input.txid, hexToBytes(coin.txid)) &&
      input.index === coin.vout
    )
  })
  return (
    inputs &&
    plan.outputs.every((output, index) => {
      const paid = signed.getOutput(index)
      return paid.amount === output.amount && paid.script && equalBytes(paid.script, output.script)
    })
  )
}

/** An ECDSA signature with its sighash byte (SIGHASH_ALL only) over BIP-143's digest. */
function ecdsaValid(
  tx: Transaction,
  index: number,
  publicKey: Uint8Array,
  signature: Uint8Array,
  keyHash: Uint8Array,
  amount: bigint,
): boolean {
  if (!equalBytes(hash160(publicKey), keyHash)) return false
  if (signature.at(-1) !== SigHash.ALL) return false
  const digest = tx.preimageWitnessV0(index, scriptCode(keyHash), SigHash.ALL, amount)
  try {
    return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: 'der',
    })
  } catch {
    return false
  }
}

/** The one signature a P2WPKH or P2SH-P2WPKH input carries, partial or in its final witness. */
function ecdsaOf(input: ReturnType<Transaction['getInput']>) {
  const [partial] = input.partialSig ?? []
  if (partial) return { publicKey: partial[0], signature: partial[1] }
  const witness = input.finalScriptWitness
  if (witness?.length === 2)
    return { publicKey: witness[1] as Uint8Array, signature: witness[0] as Uint8Array }
  return undefined
}

/**
 * Checks every input of the PSBT the wallet signed before anything is broadcast: it must be the
 * transaction sent to the wallet, and each input must carry a valid signature for the script it
 * spends (a wallet that hands it back unsigned is caught here, not by the node). Then finalizes
 * and extracts it.
 * @returns The signed transaction, hex, and its txid.
 * @throws LatchError UNSIGNED_MESSAGE for an input without a valid signature.
 */
export function checkSignedPsbt(
  signedPsbt: Uint8Array,
  plan: TransferPlan,
  sender: Sender,
): { hex: string; txid: string } {
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(signedPsbt)
  } catch (error) {
    throw new LatchError('The wallet returned a transaction that cannot be read', { cause: error })
  }
  if (!sameTransaction(tx, plan))
    throw new LatchError('The wallet changed the transaction: nothing was sent')
  const scripts = plan.coins.map(() => sender.script)
  const amounts = plan.coins.map((coin) => coin.value)
  plan.coins.forEach((coin, index) => {
    const input = tx.getInput(index)
    let valid = false
    if (sender.type === 'p2tr') {
      const signature = input.tapKeySig ?? input.finalScriptWitness?.[0]
      const sighash = signature?.length === 65 ? (signature[64] as number) : SigHash.DEFAULT
      if (signature && (signature.length === 64 || sighash === SigHash.ALL)) {
        const digest = tx.preimageWitnessV1(index, scripts, sighash, amounts)
        const outputKey = sender.script.subarray(2)
        try {
          valid = schnorr.verify(signature.subarray(0, 64), digest, outputKey)
        } catch {
          valid = false
        }
      }
    } else {
      const signed = ecdsaOf(input)
      const keyHash =
        sender.type === 'p2wpkh' ? sender.script.subarray(2) : signed && hash160(signed.publicKey)
      valid =
        signed !== undefined &&
        keyHash !== undefined &&
        (sender.type === 'p2wpkh' ||
          equalBytes(hash160(p2wpkhScript(signed.publicKey)), sender.script.subarray(2, 22))) &&
        ecdsaValid(tx, index, signed.publicKey, signed.signature, keyHash, coin.value)
    }
    if (!valid)
      throw new LatchError(UNSIGNED_MESSAGE, {
        details: `Input ${index} (${coin.txid}:${coin.vout}) carries no valid signature`,
      })
    if (!input.finalScriptWitness) tx.finalizeIdx(index)
  })
  return { hex: tx.hex, txid: tx.id }
}
