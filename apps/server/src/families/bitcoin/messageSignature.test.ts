import { encodeSegwitAddress } from '@latch/protocol'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { signBip137, signBip322 } from './bip322.fixture.ts'
import { bip322MessageHash, verifyBitcoinMessage } from './messageSignature.ts'

// BIP-322's published test vectors.
const P2WPKH = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const EMPTY_SIGNATURE =
  'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
const HELLO_SIGNATURE =
  'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='

describe('Bitcoin message signatures', () => {
  it("hash messages as BIP-322's vectors", () => {
    expect(hex.encode(bip322MessageHash(''))).toBe(
      'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    )
    expect(hex.encode(bip322MessageHash('Hello World'))).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    )
  })

  it("verify BIP-322's P2WPKH vectors, and refuse them for another message or address", () => {
    expect(verifyBitcoinMessage(P2WPKH, '', EMPTY_SIGNATURE)).toBe(true)
    expect(verifyBitcoinMessage(P2WPKH, 'Hello World', HELLO_SIGNATURE)).toBe(true)
    expect(verifyBitcoinMessage(P2WPKH, 'Hello World', EMPTY_SIGNATURE)).toBe(false)
    expect(
      verifyBitcoinMessage('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '', EMPTY_SIGNATURE),
    ).toBe(false)
  })

  it('verify BIP-322 taproot key-path and BIP-137 signatures a wallet makes, on regtest', () => {
    const privateKey = hex.decode(
      '0101010101010101010101010101010101010101010101010101010101010101',
    )
    const message = 'localhost wants you to sign in with your Bitcoin account:'
    const internal = secp256k1.getPublicKey(privateKey, true).subarray(1)
    const taproot = p2tr(internal)
    const taprootAddress = encodeSegwitAddress('regtest', 1, taproot.script.subarray(2))
    const tapSignature = signBip322(taproot.script, privateKey, message, internal)
    expect(verifyBitcoinMessage(taprootAddress, message, tapSignature)).toBe(true)
    expect(verifyBitcoinMessage(taprootAddress, `${message}!`, tapSignature)).toBe(false)

    const segwit = p2wpkh(secp256k1.getPublicKey(privateKey, true))
    const segwitAddress = encodeSegwitAddress('regtest', 0, segwit.script.subarray(2))
    expect(
      verifyBitcoinMessage(segwitAddress, message, signBip322(segwit.script, privateKey, message)),
    ).toBe(true)
    const compact = signBip137(privateKey, message, true)
    expect(verifyBitcoinMessage(segwitAddress, message, compact)).toBe(true)
    expect(verifyBitcoinMessage(segwitAddress, 'another message', compact)).toBe(false)
    // BIP-137 cannot sign for a taproot address; garbage is no signature.
    expect(verifyBitcoinMessage(taprootAddress, message, compact)).toBe(false)
    expect(verifyBitcoinMessage(segwitAddress, message, 'AAAA')).toBe(false)
  })
})
