import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { Transaction } from '@scure/btc-signer'
import { equalBytes, hash160 } from './bytes.ts'
import { classifyScript, decodeScript, isPushOnly } from './script.ts'
import { legacySighash } from './sighash.ts'
import type { ParsedTransaction } from './transaction.ts'

/** The coin an input spends: what its script is checked against. */
export type Prevout = { value: bigint; script: Uint8Array }

/**
 * Why an input's script failed, in Bitcoin Core's script error words. `mandatory` when consensus
 * rules refuse it too (the spend is invalid), not only relay policy.
 */
export type ScriptFailure = { error: string; mandatory: boolean }

/** The reject reason Bitcoin Core gives for a failed input script. */
export const scriptRejectReason = (failure: ScriptFailure): string =>
  failure.mandatory
    ? `mandatory-script-verify-flag-failed (${failure.error})`
    : `non-mandatory-script-verify-flag (${failure.error})`

// Bitcoin Core's script error strings, each for the check named.
const EVAL_FALSE =
  'Script evaluated without error but finished with a false/empty top stack element'
const EQUALVERIFY = 'Script failed an OP_EQUALVERIFY operation'
const SIG_DER = 'Non-canonical DER signature'
const SIG_HIGH_S = 'Non-canonical signature: S value is unnecessarily high'
const SIG_HASHTYPE = 'Signature hash type missing or not understood'
const PUBKEYTYPE = 'Public key is neither compressed or uncompressed'
const WITNESS_PUBKEYTYPE = 'Using non-compressed keys in segwit'
const NULLFAIL = 'Signature must be zero for failed CHECK(MULTI)SIG operation'
const WITNESS_MISMATCH = 'Witness program hash mismatch'
const WITNESS_EMPTY = 'Witness program was passed an empty witness'
const WITNESS_MALLEATED = 'Witness requires empty scriptSig'
const WITNESS_MALLEATED_P2SH = 'Witness requires only-redeemscript scriptSig to be valid'
const WITNESS_UNEXPECTED = 'Witness provided for non-witness script'
const SIG_PUSHONLY = 'Only push operators allowed in signatures'
const STACK_SIZE = 'Operation not valid with the current stack size'
const SCHNORR_SIG = 'Invalid Schnorr signature'
const SCHNORR_SIG_SIZE = 'Invalid Schnorr signature size'
const SCHNORR_SIG_HASHTYPE = 'Invalid Schnorr signature hash type'
/** Not one of Core's words: the devnet says plainly what it does not check. */
const UNSUPPORTED = (type: string) =>
  `the Latch devnet verifies P2WPKH, P2SH-P2WPKH, P2PKH and P2TR key-path spends; this input spends ${type}`

/** BIP-66's strict DER rules for an ECDSA signature followed by its hash type byte. */
export function isStrictDer(signature: Uint8Array): boolean {
  const size = signature.length
  if (size < 9 || size > 73 || signature[0] !== 0x30 || signature[1] !== size - 3) return false
  const rLength = signature[3] as number
  if (5 + rLength >= size) return false
  const sLength = signature[5 + rLength] as number
  if (rLength + sLength + 7 !== size) return false
  const integerOk = (at: number, length: number) =>
    signature[at - 2] === 0x02 &&
    length > 0 &&
    ((signature[at] as number) & 0x80) === 0 &&
    !(length > 1 && signature[at] === 0 && ((signature[at + 1] as number) & 0x80) === 0)
  return integerOk(4, rLength) && integerOk(6 + rLength, sLength)
}

const HALF_ORDER = secp256k1.Point.CURVE().n >> 1n

function ecdsaValid(der: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return secp256k1.verify(der, digest, publicKey, { prehash: false, lowS: false, format: 'der' })
  } catch {
    return false
  }
}

function isLowS(der: Uint8Array): boolean {
  try {
    return secp256k1.Signature.fromBytes(der, 'der').s <= HALF_ORDER
  } catch {
    return false
  }
}

/**
 * One OP_CHECKSIG on an ECDSA signature, as Bitcoin Core runs it with relay flags: the signature's
 * encoding, then the key's, then the signature itself. Each failure says whether consensus flags
 * alone would refuse it too (they check only DER and the signature's validity).
 */
function checkEcdsa(
  signature: Uint8Array,
  publicKey: Uint8Array,
  digestFor: (hashType: number) => Uint8Array,
  witness: boolean,
): ScriptFailure | undefined {
  if (signature.length === 0) return { error: EVAL_FALSE, mandatory: true }
  if (!isStrictDer(signature)) return { error: SIG_DER, mandatory: true }
  const der = signature.subarray(0, -1)
  const hashType = signature[signature.length - 1] as number
  const valid = ecdsaValid(der, digestFor(hashType), publicKey)
  if (!isLowS(der)) return { error: SIG_HIGH_S, mandatory: !valid }
  const base = hashType & ~0x80
  if (base < 1 || base > 3) return { error: SIG_HASHTYPE, mandatory: !valid }
  const compressed = publicKey.length === 33 && (publicKey[0] === 2 || publicKey[0] === 3)
  const uncompressed = publicKey.length === 65 && publicKey[0] === 4
  if (!compressed && !uncompressed) return { error: PUBKEYTYPE, mandatory: !valid }
  if (witness && !compressed) return { error: WITNESS_PUBKEYTYPE, mandatory: !valid }
  if (!valid) return { error: NULLFAIL, mandatory: true }
  return undefined
}

/** A P2PKH-style script code for a key hash: what P2WPKH's signature commits to (BIP-143). */
const p2pkhScript = (keyHash: Uint8Array) =>
  Uint8Array.from([0x76, 0xa9, 20, ...keyHash, 0x88, 0xac])

/**
 * Checks every input's script of a transaction against the coins it spends: P2WPKH (also nested
 * in P2SH) and P2PKH with ECDSA, P2TR's key path with Schnorr (BIP-341). Other spends are refused
 * with a reason saying the devnet does not check them, rather than accepted unchecked.
 */
export class InputVerifier {
  readonly #signer: Transaction
  constructor(
    readonly parsed: ParsedTransaction,
    readonly prevouts: readonly Prevout[],
  ) {
    this.#signer = Transaction.fromRaw(parsed.raw, {
      allowUnknownOutputs: true,
      allowUnknownInputs: true,
      allowUnknownVersion: true,
      disableScriptCheck: true,
    })
  }

  /** The first input whose script fails, with why; undefined when all pass. */
  verifyAll(): ScriptFailure | undefined {
    for (let index = 0; index < this.parsed.tx.inputs.length; index++) {
      const failure = this.verify(index)
      if (failure) return failure
    }
    return undefined
  }

  verify(index: number): ScriptFailure | undefined {
    const input = this.parsed.tx.inputs[index]
    const prevout = this.prevouts[index]
    if (!input || !prevout) throw new Error(`no input ${index}`)
    const witness = this.parsed.tx.witnesses?.[index] ?? []
    const type = classifyScript(prevout.script)
    if (type === 'v0_p2wpkh') {
      if (input.finalScriptSig.length > 0) return { error: WITNESS_MALLEATED, mandatory: true }
      return this.#p2wpkh(index, prevout.script.subarray(2), prevout.value, witness)
    }
    if (type === 'v1_p2tr') {
      if (input.finalScriptSig.length > 0) return { error: WITNESS_MALLEATED, mandatory: true }
      return this.#taprootKeyPath(index, prevout.script.subarray(2), witness)
    }
    if (type === 'p2pkh') {
      if (witness.length > 0) return { error: WITNESS_UNEXPECTED, mandatory: true }
      return this.#p2pkh(index, prevout.script, input.finalScriptSig)
    }
    if (type === 'p2sh') {
      if (!isPushOnly(input.finalScriptSig)) return { error: SIG_PUSHONLY, mandatory: true }
      const pushes = decodeScript(input.finalScriptSig) ?? []
      const redeem = pushes[pushes.length - 1]
      if (!(redeem instanceof Uint8Array)) return { error: EVAL_FALSE, mandatory: true }
      if (!equalBytes(hash160(redeem), prevout.script.subarray(2, 22)))
        return { error: EVAL_FALSE, mandatory: true }
      if (classifyScript(redeem) !== 'v0_p2wpkh')
        return { error: UNSUPPORTED('P2SH'), mandatory: false }
      if (pushes.length !== 1) return { error: WITNESS_MALLEATED_P2SH, mandatory: true }
      return this.#p2wpkh(index, redeem.subarray(2), prevout.value, witness)
    }
    return { error: UNSUPPORTED(type), mandatory: false }
  }

  #p2wpkh(index: number, keyHash: Uint8Array, value: bigint, witness: Uint8Array[]) {
    if (witness.length !== 2) return { error: WITNESS_MISMATCH, mandatory: true }
    const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
    if (!equalBytes(hash160(publicKey), keyHash)) return { error: EQUALVERIFY, mandatory: true }
    return checkEcdsa(
      signature,
      publicKey,
      (hashType) => this.#signer.preimageWitnessV0(index, p2pkhScript(keyHash), hashType, value),
      true,
    )
  }

  #p2pkh(index: number, script: Uint8Array, scriptSig: Uint8Array) {
    const pushes = decodeScript(scriptSig)
    if (!pushes || pushes.length < 2) return { error: STACK_SIZE, mandatory: true }
    const [signature, publicKey] = pushes.slice(-2)
    if (!(signature instanceof Uint8Array) || !(publicKey instanceof Uint8Array))
      return { error: STACK_SIZE, mandatory: true }
    if (!equalBytes(hash160(publicKey), script.subarray(3, 23)))
      return { error: EQUALVERIFY, mandatory: true }
    return checkEcdsa(
      signature,
      publicKey,
      (hashType) => legacySighash(this.parsed.tx, index, script, hashType),
      false,
    )
  }

  #taprootKeyPath(index: number, outputKey: Uint8Array, witness: Uint8Array[]) {
    const stack = [...witness]
    // An annex (a last element starting 0x50, with at least two) is signed over, not executed.
    const annex =
      stack.length >= 2 && stack[stack.length - 1]?.[0] === 0x50 ? stack.pop() : undefined
    if (stack.length === 0) return { error: WITNESS_EMPTY, mandatory: true }
    if (stack.length > 1) return { error: UNSUPPORTED('a P2TR script path'), mandatory: false }
    const signature = stack[0] as Uint8Array
    if (signature.length !== 64 && signature.length !== 65)
      return { error: SCHNORR_SIG_SIZE, mandatory: true }
    const hashType = signature.length === 65 ? (signature[64] as number) : 0
    const validType = [0, 1, 2, 3, 0x81, 0x82, 0x83].includes(hashType)
    // A 65-byte signature names its type, which cannot then be the default (0).
    if ((signature.length === 65 && hashType === 0) || !validType)
      return { error: SCHNORR_SIG_HASHTYPE, mandatory: true }
    if ((hashType & 3) === 3 && index >= this.parsed.tx.outputs.length)
      return { error: SCHNORR_SIG_HASHTYPE, mandatory: true }
    const digest = this.#signer.preimageWitnessV1(
      index,
      this.prevouts.map((prevout) => prevout.script),
      hashType,
      this.prevouts.map((prevout) => prevout.value),
      undefined,
      undefined,
      undefined,
      annex,
    )
    let valid = false
    try {
      valid = schnorr.verify(signature.subarray(0, 64), digest, outputKey)
    } catch {
      valid = false
    }
    return valid ? undefined : { error: SCHNORR_SIG, mandatory: true }
  }
}
