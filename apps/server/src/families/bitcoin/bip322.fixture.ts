import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { RawTx, Transaction } from '@scure/btc-signer'
import { bip137Digest, bip322MessageHash } from './messageSignature.ts'

// Signing as wallets do, for the tests: BIP-322 simple by signing `to_sign` with btc-signer,
// BIP-137 by a recoverable ECDSA signature with the header of the address type.

const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))

/** A BIP-322 simple signature (base64 witness) of `message` by the key paying to `script`. */
export function signBip322(
  script: Uint8Array,
  privateKey: Uint8Array,
  message: string,
  internalKey?: Uint8Array,
): string {
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
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: sha256d(toSpend).reverse(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(internalKey ? { tapInternalKey: internalKey } : {}),
  })
  toSign.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  toSign.sign(privateKey)
  toSign.finalize()
  const witness = RawTx.decode(toSign.extract()).witnesses?.[0] ?? []
  const bytes = [witness.length]
  for (const item of witness) bytes.push(item.length, ...item)
  return Buffer.from(Uint8Array.from(bytes)).toString('base64')
}

/** A BIP-137 signature (base64): header 27 + recovery id, + 4 compressed, + 12 for P2WPKH. */
export function signBip137(privateKey: Uint8Array, message: string, segwit: boolean): string {
  const recovered = secp256k1.sign(bip137Digest(message), privateKey, {
    prehash: false,
    format: 'recovered',
  })
  const [recovery, ...rs] = recovered
  const header = 27 + (recovery as number) + (segwit ? 12 : 4)
  return Buffer.from(Uint8Array.from([header, ...rs])).toString('base64')
}
