import { RawTx } from '@scure/btc-signer'
import { sha256d } from './bytes.ts'
import type { RawTransaction } from './transaction.ts'

const SIGHASH_NONE = 2
const SIGHASH_SINGLE = 3
const SIGHASH_ANYONECANPAY = 0x80
/** CTxOut's null value (-1 as an unsigned 64-bit number), which SIGHASH_SINGLE writes for earlier outputs. */
const NULL_AMOUNT = 0xffffffffffffffffn

/**
 * The digest a pre-segwit signature (P2PKH, bare and P2SH scripts) signs: the transaction with
 * every scriptSig emptied but the signed input's, which holds `scriptCode`, and the inputs and
 * outputs the hash type leaves out dropped or blanked, then the hash type (4 bytes), hashed twice.
 * SIGHASH_SINGLE without a matching output signs the number 1, as consensus has always done.
 */
export function legacySighash(
  tx: RawTransaction,
  index: number,
  scriptCode: Uint8Array,
  hashType: number,
): Uint8Array {
  const base = hashType & 0x1f
  if (base === SIGHASH_SINGLE && index >= tx.outputs.length) {
    const one = new Uint8Array(32)
    one[0] = 1
    return one
  }
  const signed = tx.inputs[index]
  if (!signed) throw new Error(`no input ${index}`)
  const anyoneCanPay = (hashType & SIGHASH_ANYONECANPAY) !== 0
  const keepsOthersSequence = base !== SIGHASH_NONE && base !== SIGHASH_SINGLE
  const inputs = (anyoneCanPay ? [signed] : tx.inputs).map((input) => ({
    ...input,
    finalScriptSig: input === signed ? scriptCode : new Uint8Array(),
    sequence: input === signed || keepsOthersSequence ? input.sequence : 0,
  }))
  const outputs =
    base === SIGHASH_NONE
      ? []
      : base === SIGHASH_SINGLE
        ? tx.outputs
            .slice(0, index + 1)
            .map((output, position) =>
              position === index ? output : { amount: NULL_AMOUNT, script: new Uint8Array() },
            )
        : tx.outputs
  const body = RawTx.encode({ ...tx, inputs, outputs, segwitFlag: false, witnesses: undefined })
  const withType = new Uint8Array(body.length + 4)
  withType.set(body)
  new DataView(withType.buffer).setUint32(body.length, hashType >>> 0, true)
  return sha256d(withType)
}
