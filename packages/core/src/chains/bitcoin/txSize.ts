// Sizes of a transaction before it is signed, to price it: each input counted with its signature
// at the largest a standard wallet makes (a 72-byte ECDSA signature with its sighash byte; a
// 64-byte Schnorr one), so the fee reckoned is never under the rate chosen, whichever wallet signs.

/** The kinds of coins the kit can spend: native segwit, nested segwit, taproot (key path). */
export type SpendableType = 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr'

/** Version, input and output counts (one byte each up to 252) and locktime. */
const BASE_BYTES = 4 + 1 + 1 + 4
/** The segwit marker and flag, witness data (one weight unit each). */
const SEGWIT_MARKER_WEIGHT = 2
/** An outpoint (32 + 4), its sequence (4) and its scriptSig's length byte. */
const INPUT_BASE_BYTES = 32 + 4 + 4 + 1
/** The largest standard ECDSA signature with its sighash byte: DER with a 33-byte r, low s. */
const ECDSA_SIGNATURE_BYTES = 72
const COMPRESSED_KEY_BYTES = 33
/** SIGHASH_DEFAULT's Schnorr signature: 64 bytes, no sighash byte. */
const SCHNORR_SIGNATURE_BYTES = 64

/** Weight units of one input of `type`, signed. */
export function inputWeight(type: SpendableType): number {
  // The witness: its item count, then each item with its length byte.
  const witness =
    type === 'p2tr'
      ? 1 + 1 + SCHNORR_SIGNATURE_BYTES
      : 1 + 1 + ECDSA_SIGNATURE_BYTES + 1 + COMPRESSED_KEY_BYTES
  // Nested segwit's scriptSig pushes its 22-byte P2WPKH redeem script.
  const scriptSig = type === 'p2sh-p2wpkh' ? 23 : 0
  return (INPUT_BASE_BYTES + scriptSig) * 4 + witness
}

/** Bytes of an output paying to `script`: its value, the script's length byte, the script. */
export const outputBytes = (script: Uint8Array) => 8 + 1 + script.length

/** The virtual size (vbytes) of a transaction spending `inputs` to outputs of those scripts. */
export function transactionVsize(
  inputs: readonly SpendableType[],
  outputs: readonly Uint8Array[],
): number {
  const weight =
    BASE_BYTES * 4 +
    SEGWIT_MARKER_WEIGHT +
    inputs.reduce((sum, type) => sum + inputWeight(type), 0) +
    outputs.reduce((sum, script) => sum + outputBytes(script) * 4, 0)
  return Math.ceil(weight / 4)
}

/** Bitcoin Core's default dust relay fee: 3 sat/vB. */
const DUST_RELAY_SAT_PER_KVB = 3000n

/**
 * The smallest amount an output of `script` may carry and be relayed (Bitcoin Core's dust
 * threshold): what spending it would cost at the dust relay fee. 294 sats to a P2WPKH address,
 * 330 to P2TR or P2WSH, 540 to P2SH, 546 to P2PKH.
 */
export function dustThreshold(script: Uint8Array): bigint {
  const isWitness =
    script.length >= 4 &&
    (script[0] === 0 || ((script[0] ?? 0) >= 0x51 && (script[0] ?? 0) <= 0x60))
  const spend = isWitness ? 67 : 148
  return (BigInt(outputBytes(script) + spend) * DUST_RELAY_SAT_PER_KVB) / 1000n
}
