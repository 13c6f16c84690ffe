import { RawTx, Transaction } from '@scure/btc-signer'
import { hex } from './bytes.ts'
import { type BitcoinKey, REGTEST } from './keys.ts'

/** A coin to spend, as Esplora's `/address/:a/utxo` lists it. */
export type FixtureCoin = { txid: string; vout: number; value: number }

/**
 * Builds and signs a transaction spending `coins` of `key` (P2WPKH or key-path P2TR, told by the
 * key's script) to `outputs`, as a wallet would; returns its raw hex.
 */
export function signSpend(
  key: BitcoinKey,
  coins: FixtureCoin[],
  outputs: { address: string; sats: bigint }[],
): string {
  const taproot = key.script[0] === 0x51
  const tx = new Transaction()
  for (const coin of coins)
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: key.script, amount: BigInt(coin.value) },
      ...(taproot ? { tapInternalKey: key.publicKey } : {}),
    })
  for (const output of outputs) tx.addOutputAddress(output.address, output.sats, REGTEST)
  tx.sign(key.privateKey)
  tx.finalize()
  return hex.encode(tx.extract())
}

/** The same transaction with one byte of input `index`'s signature changed (still well-formed). */
export function corruptSignature(rawHex: string, index = 0): string {
  const tx = RawTx.decode(hex.decode(rawHex))
  const signature = tx.witnesses?.[index]?.[0]
  if (!signature) throw new Error(`input ${index} has no witness signature`)
  // Byte 10 is inside r of a DER signature and inside R of a Schnorr one.
  signature[10] = (signature[10] as number) ^ 0x01
  return hex.encode(RawTx.encode(tx))
}

/**
 * The same transaction paying `sats` on output `index` instead (its signatures no longer match:
 * for checks the node makes before scripts, such as amounts).
 */
export function withOutputAmount(rawHex: string, index: number, sats: bigint): string {
  const tx = RawTx.decode(hex.decode(rawHex))
  const output = tx.outputs[index]
  if (!output) throw new Error(`no output ${index}`)
  output.amount = sats
  return hex.encode(RawTx.encode(tx))
}

/** POSTs `path` on the Esplora API and answers status and text. */
export async function post(
  baseUrl: string,
  path: string,
  body = '',
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body })
  return { status: response.status, text: await response.text() }
}

export async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** The text Esplora answers a broadcast the node refused with. */
export const nodeError = (code: number, message: string) =>
  `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`
