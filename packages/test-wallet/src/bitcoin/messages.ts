import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { RawTx, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer'
import type { WalletKey } from './keys.ts'

// Message signatures as Bitcoin wallets make them: BIP-322 "simple" (the witness of a virtual
// transaction spending the address's own output, so any segwit script can sign) and BIP-137 (the
// older compact ECDSA signature whose header byte names the address type).

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** BIP-340's tagged hash: SHA256(SHA256(tag) || SHA256(tag) || message). */
function taggedHash(tag: string, message: Uint8Array): Uint8Array {
  const tagHash = sha256(new TextEncoder().encode(tag))
  return sha256(concat(tagHash, tagHash, message))
}

/** BIP-322's message hash, committed to by the virtual transaction's scriptSig. */
export const bip322MessageHash = (message: Uint8Array) =>
  taggedHash('BIP0322-signed-message', message)

/**
 * BIP-322's `to_spend`: version 0, one input spending nothing (the null outpoint) whose scriptSig
 * pushes the message hash, one output of 0 paying to the signer's script. Its txid, display order.
 */
function toSpendTxid(script: Uint8Array, message: Uint8Array): string {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode([0, bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  return Buffer.from(sha256(sha256(raw)).reverse()).toString('hex')
}

/**
 * A BIP-322 simple signature: the witness that spends `to_spend` in `to_sign` (version 0, one
 * OP_RETURN output of 0), serialized as a witness stack. P2WPKH signs with SIGHASH_ALL, P2TR's
 * key path with SIGHASH_DEFAULT (a 64-byte Schnorr signature).
 */
export function signBip322(key: WalletKey, message: Uint8Array): Uint8Array {
  if (key.addressType === 'p2sh')
    throw new Error('BIP-322 simple signatures are for segwit addresses; P2SH-P2WPKH signs BIP-137')
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: toSpendTxid(key.script, message),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, amount: 0n },
    ...(key.addressType === 'p2tr' ? { tapInternalKey: key.publicKey } : {}),
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(key.privateKey, 0, [key.addressType === 'p2tr' ? SigHash.DEFAULT : SigHash.ALL])
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness
  if (!witness) throw new Error('BIP-322: the virtual transaction has no witness')
  return RawWitness.encode(witness)
}

/** Bitcoin Core's `signmessage` hash: double SHA-256 of the prefixed, length-framed message. */
export function bitcoinMessageHash(message: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
  return sha256(sha256(concat(prefix, compactSize(message.length), message)))
}

function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length)
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >> 8)
  return Uint8Array.of(
    0xfe,
    length & 0xff,
    (length >> 8) & 0xff,
    (length >> 16) & 0xff,
    length >>> 24,
  )
}

/**
 * A BIP-137 signature: a header byte (27 + recovery id, plus 4 for a compressed P2PKH key, 8 for
 * P2SH-P2WPKH, 12 for P2WPKH) then r and s, over Bitcoin Core's message hash. Taproot has no
 * BIP-137 form.
 */
export function signBip137(key: WalletKey, message: Uint8Array): Uint8Array {
  if (key.addressType === 'p2tr') throw new Error('BIP-137 has no form for taproot addresses')
  const recovered = secp256k1.sign(bitcoinMessageHash(message), key.privateKey, {
    prehash: false,
    format: 'recovered',
  })
  const [recovery] = recovered
  const base = key.addressType === 'p2sh' ? 35 : 39
  return concat(Uint8Array.of(base + (recovery as number)), recovered.subarray(1))
}
