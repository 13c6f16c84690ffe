import { bitcoinOutputScript, decodeBitcoinAddress } from '@latch/protocol'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { RawTx, Transaction } from '@scure/btc-signer'

// Verifying a message signed by a Bitcoin address, the two ways wallets sign: BIP-322's simple
// form (a witness spending a virtual output of the address: P2WPKH and P2TR) and BIP-137's
// compact signature (a key recovered from the signature: P2PKH, P2SH-P2WPKH and P2WPKH).

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))
const utf8 = (text: string) => new TextEncoder().encode(text)
const equal = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index])

/** A Bitcoin CompactSize length. */
function compactSize(value: number): Uint8Array {
  if (value < 0xfd) return Uint8Array.of(value)
  if (value <= 0xffff) return Uint8Array.of(0xfd, value & 0xff, value >> 8)
  return Uint8Array.of(0xfe, value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24)
}

/** Reads a serialized witness stack (BIP-322's signature): a count, then each item with its length. */
function readWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let at = 0
  const readSize = (): number | undefined => {
    const first = bytes[at++]
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 8
    if (at + width > bytes.length || width === 8) return undefined
    let value = 0
    for (let byte = 0; byte < width; byte++) value += (bytes[at + byte] as number) * 256 ** byte
    at += width
    return value
  }
  const count = readSize()
  if (count === undefined || count === 0 || count > 16) return undefined
  const items: Uint8Array[] = []
  for (let index = 0; index < count; index++) {
    const length = readSize()
    if (length === undefined || at + length > bytes.length) return undefined
    items.push(bytes.slice(at, at + length))
    at += length
  }
  return at === bytes.length ? items : undefined
}

/** BIP-322's message hash: SHA-256 tagged "BIP0322-signed-message". */
export const bip322MessageHash = (message: string): Uint8Array =>
  schnorr.utils.taggedHash('BIP0322-signed-message', utf8(message))

const SIGHASH_TYPES = [1, 2, 3, 0x81, 0x82, 0x83]

/**
 * BIP-322 simple: the witness must spend `to_spend` (an output of the address's script, its
 * input committing to the message hash) in `to_sign` (paying OP_RETURN), under consensus rules.
 */
function verifyBip322Simple(script: Uint8Array, message: string, witness: Uint8Array[]): boolean {
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Uint8Array.from([0x00, 0x20, ...bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  const toSign = Transaction.fromRaw(
    RawTx.encode({
      version: 0,
      segwitFlag: true,
      // Display order: the txid as Bitcoin writes it (its hash reversed).
      inputs: [
        {
          txid: sha256d(toSpend).reverse(),
          index: 0,
          finalScriptSig: new Uint8Array(),
          sequence: 0,
        },
      ],
      outputs: [{ amount: 0n, script: Uint8Array.of(0x6a) }],
      witnesses: [witness],
      lockTime: 0,
    }),
    { allowUnknownOutputs: true, allowUnknownVersion: true, disableScriptCheck: true },
  )
  const program = script.subarray(2)
  if (script[0] === 0x00 && script.length === 22) {
    // P2WPKH: [signature, public key]; the key must hash to the address.
    const [signature, publicKey] = witness
    if (witness.length !== 2 || !signature || !publicKey || signature.length < 9) return false
    if (publicKey.length !== 33 || !equal(hash160(publicKey), program)) return false
    const hashType = signature[signature.length - 1] as number
    if (!SIGHASH_TYPES.includes(hashType)) return false
    const scriptCode = Uint8Array.from([0x76, 0xa9, 20, ...program, 0x88, 0xac])
    const digest = toSign.preimageWitnessV0(0, scriptCode, hashType, 0n)
    try {
      return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
        prehash: false,
        lowS: false,
        format: 'der',
      })
    } catch {
      return false
    }
  }
  if (script[0] === 0x51 && script.length === 34) {
    // P2TR key path: [signature], 64 bytes (SIGHASH_DEFAULT) or 65 with its type.
    const [signature] = witness
    if (witness.length !== 1 || !signature) return false
    if (signature.length !== 64 && signature.length !== 65) return false
    const hashType = signature.length === 65 ? (signature[64] as number) : 0
    if (signature.length === 65 && !SIGHASH_TYPES.includes(hashType)) return false
    try {
      const digest = toSign.preimageWitnessV1(0, [script], hashType, [0n])
      return schnorr.verify(signature.subarray(0, 64), digest, program)
    } catch {
      return false
    }
  }
  return false
}

/** The digest BIP-137 (and every wallet's "signmessage") signs. */
export function bip137Digest(message: string): Uint8Array {
  const prefix = utf8('Bitcoin Signed Message:\n')
  const body = utf8(message)
  return sha256d(
    Uint8Array.from([
      ...compactSize(prefix.length),
      ...prefix,
      ...compactSize(body.length),
      ...body,
    ]),
  )
}

/**
 * BIP-137: the key recovered from the 65-byte signature must be the address's. The header names
 * the address type, but wallets disagree on it for segwit (some write 31-34 for any compressed
 * key), so the recovered key is checked against the address's own type.
 */
function verifyBip137(address: string, message: string, signature: Uint8Array): boolean {
  const header = signature[0] as number
  const recovery = (header - 27) & 3
  const compressed = header >= 31
  let publicKey: Uint8Array
  try {
    publicKey = secp256k1.Signature.fromBytes(signature.subarray(1), 'compact')
      .addRecoveryBit(recovery)
      .recoverPublicKey(bip137Digest(message))
      .toBytes(compressed)
  } catch {
    return false
  }
  const decoded = decodeBitcoinAddress(address)
  if (!decoded) return false
  const keyHash = hash160(publicKey)
  if (decoded.type === 'p2pkh') return equal(keyHash, decoded.program)
  if (!compressed) return false
  if (decoded.type === 'p2wpkh') return equal(keyHash, decoded.program)
  if (decoded.type === 'p2sh')
    return equal(hash160(Uint8Array.from([0x00, 0x14, ...keyHash])), decoded.program)
  return false
}

/**
 * Whether `signatureBase64` signs `message` for `address`: a 65-byte signature with a BIP-137
 * header (27 to 42) is read as one, anything else as a BIP-322 simple witness.
 */
export function verifyBitcoinMessage(
  address: string,
  message: string,
  signatureBase64: string,
): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false
  const signature = new Uint8Array(Buffer.from(signatureBase64, 'base64'))
  const header = signature[0] ?? 0
  if (signature.length === 65 && header >= 27 && header <= 42)
    return verifyBip137(address, message, signature)
  const decoded = decodeBitcoinAddress(address)
  const witness = readWitness(signature)
  if (!decoded || !witness) return false
  return verifyBip322Simple(bitcoinOutputScript(decoded), message, witness)
}
