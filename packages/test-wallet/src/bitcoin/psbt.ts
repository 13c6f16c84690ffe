import { equalBytes } from '@noble/curves/utils.js'
import { Transaction } from '@scure/btc-signer'
import { invalidParams } from '../errors.ts'
import type { WalletKey } from './keys.ts'

/** Inputs a site asks one of the wallet's addresses to sign. */
export type InputsToSign = { address: string; indexes: readonly number[] }[]

/** Reads a PSBT, so a malformed one is refused before the user is asked. */
export function readPsbt(bytes: Uint8Array): Transaction {
  try {
    return Transaction.fromPSBT(bytes)
  } catch (error) {
    throw invalidParams(`cannot read the PSBT: ${(error as Error).message}`)
  }
}

/**
 * Checks each input asked is one of the wallet's own outputs: the address must be the wallet's,
 * and the input's previous output (its witness UTXO) must pay to that address.
 */
export function checkInputsToSign(
  tx: Transaction,
  keys: readonly WalletKey[],
  inputs: InputsToSign,
): { key: WalletKey; index: number }[] {
  const asked: { key: WalletKey; index: number }[] = []
  for (const { address, indexes } of inputs) {
    const key = keys.find((candidate) => candidate.address === address)
    if (!key) throw invalidParams(`the wallet has no address ${address}`)
    for (const index of indexes) {
      if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength)
        throw invalidParams(`the PSBT has no input ${index}`)
      const spent = tx.getInput(index).witnessUtxo
      if (!spent || !equalBytes(spent.script, key.script))
        throw invalidParams(`input ${index} does not spend an output of ${address}`)
      asked.push({ key, index })
    }
  }
  return asked
}

/**
 * Signs the inputs asked (SIGHASH_ALL, or SIGHASH_DEFAULT for taproot) and, with `finalize`, puts
 * each signature in its final witness as some wallets hand PSBTs back; the others stay partial
 * signatures for the site to finalize.
 */
export function signPsbtInputs(
  tx: Transaction,
  asked: readonly { key: WalletKey; index: number }[],
  finalize: boolean,
): Uint8Array {
  for (const { key, index } of asked) {
    const input = tx.getInput(index)
    // The wallet knows its own keys: what a PSBT leaves out of them, it fills in to sign.
    if (key.addressType === 'p2tr' && !input.tapInternalKey)
      tx.updateInput(index, { tapInternalKey: key.publicKey })
    if (key.addressType === 'p2sh' && !input.redeemScript)
      tx.updateInput(index, { redeemScript: key.redeemScript as Uint8Array })
    tx.signIdx(key.privateKey, index)
    if (finalize) tx.finalizeIdx(index)
  }
  return tx.toPSBT(0)
}
