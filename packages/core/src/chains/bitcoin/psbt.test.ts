import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/curves/utils.js'
import { p2sh, p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { planTransfer, type Sender, senderOf } from './planTransfer.ts'
import { buildPsbt, checkSignedPsbt, UNSIGNED_MESSAGE } from './psbt.ts'

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const RECEIVER = 'bcrt1p9fjtrm3nwhemkjek0wxtswz2glmneu33w9lcylrvd7alttk0psmqqf08dg'

/** A wallet's key and its address of each kind, as the wallet reports them. */
function keyOf(type: 'p2wpkh' | 'p2sh' | 'p2tr') {
  const privateKey = secp256k1.utils.randomSecretKey()
  const compressed = secp256k1.getPublicKey(privateKey, true)
  if (type === 'p2tr') {
    const internal = compressed.subarray(1)
    return {
      privateKey,
      account: {
        address: p2tr(internal, undefined, REGTEST).address as string,
        publicKey: bytesToHex(internal),
      },
    }
  }
  const payment =
    type === 'p2sh' ? p2sh(p2wpkh(compressed, REGTEST), REGTEST) : p2wpkh(compressed, REGTEST)
  return {
    privateKey,
    account: { address: payment.address as string, publicKey: bytesToHex(compressed) },
  }
}

const coins = [
  { txid: '11'.repeat(32), vout: 1, value: 60_000n },
  { txid: '22'.repeat(32), vout: 0, value: 40_000n },
]

/** The plan and PSBT of 80,000 sats to RECEIVER at 7 sat/vB: both coins spent. */
function prepared(sender: Sender) {
  const plan = planTransfer(coins, sender, { to: RECEIVER, amount: 80_000n, feeRate: 7 }, 'regtest')
  return { plan, psbt: buildPsbt(plan, sender) }
}

/** Signs every input as a wallet does, finalized or left as partial signatures. */
function walletSigns(psbt: Uint8Array, privateKey: Uint8Array, finalize: boolean) {
  const tx = Transaction.fromPSBT(psbt)
  tx.sign(privateKey)
  if (finalize) tx.finalize()
  return tx.toPSBT(0)
}

/** The transaction's vsize with every ECDSA signature counted at 72 bytes: the fee's vsize. */
function vsizeAtLargestSignatures(hex: string) {
  const tx = Transaction.fromRaw(Buffer.from(hex, 'hex'))
  let weight = tx.weight
  for (let index = 0; index < tx.inputsLength; index++) {
    const signature = tx.getInput(index).finalScriptWitness?.[0]
    if (signature && signature.length > 65) weight += 72 - signature.length
  }
  return Math.ceil(weight / 4)
}

describe('PSBTs for the wallet, and the signatures it hands back', () => {
  for (const type of ['p2wpkh', 'p2sh', 'p2tr'] as const) {
    for (const finalize of [false, true]) {
      it(`accepts a ${type} spend signed ${finalize ? 'and finalized' : 'partially'} by the wallet`, () => {
        const { privateKey, account } = keyOf(type)
        const sender = senderOf(account)
        const { plan, psbt } = prepared(sender)
        const { hex, txid } = checkSignedPsbt(walletSigns(psbt, privateKey, finalize), plan, sender)
        const tx = Transaction.fromRaw(Buffer.from(hex, 'hex'))
        expect(tx.id).toBe(txid)
        expect(tx.getOutput(0)).toMatchObject({ amount: 80_000n })
        expect(tx.getOutput(1)).toMatchObject({ amount: plan.change })
        // The fee is the plan's: vsize (each signature at its largest) x the rate, exactly.
        expect(100_000n - 80_000n - plan.change).toBe(plan.fee)
        expect(vsizeAtLargestSignatures(hex)).toBe(plan.vsize)
        expect(plan.fee).toBe(BigInt(plan.vsize) * 7n)
        expect(Math.ceil(tx.weight / 4)).toBeLessThanOrEqual(plan.vsize)
      })
    }
  }

  it('catches a PSBT handed back unsigned, or signed by a key that is not the address’s', () => {
    const { privateKey, account } = keyOf('p2wpkh')
    const sender = senderOf(account)
    const { plan, psbt } = prepared(sender)
    expect(() => checkSignedPsbt(psbt, plan, sender)).toThrow(UNSIGNED_MESSAGE)
    // Only the first input signed.
    const half = Transaction.fromPSBT(psbt)
    half.signIdx(privateKey, 0)
    expect(() => checkSignedPsbt(half.toPSBT(0), plan, sender)).toThrow(UNSIGNED_MESSAGE)
    // Another key's signature over the same transaction.
    const other = keyOf('p2wpkh')
    const forged = Transaction.fromPSBT(psbt)
    forged.updateInput(0, {
      witnessUtxo: { script: senderOf(other.account).script, amount: 60_000n },
    })
    forged.updateInput(1, {
      witnessUtxo: { script: senderOf(other.account).script, amount: 40_000n },
    })
    forged.sign(other.privateKey)
    expect(() => checkSignedPsbt(forged.toPSBT(0), plan, sender)).toThrow(UNSIGNED_MESSAGE)
  })

  it('refuses a transaction the wallet changed', () => {
    const { privateKey, account } = keyOf('p2wpkh')
    const sender = senderOf(account)
    const { plan, psbt } = prepared(sender)
    const changed = Transaction.fromPSBT(psbt)
    changed.updateOutput(1, { amount: plan.change - 1_000n })
    changed.sign(privateKey)
    expect(() => checkSignedPsbt(changed.toPSBT(0), plan, sender)).toThrow(
      'The wallet changed the transaction: nothing was sent',
    )
  })
})
