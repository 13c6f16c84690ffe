import { hex } from './bytes.ts'
import {
  DUST_RELAY_FEE_PER_KVB,
  MAX_BLOCK_WEIGHT,
  MAX_MONEY,
  MAX_OP_RETURN_RELAY,
  MAX_STANDARD_SCRIPTSIG_SIZE,
  MAX_STANDARD_TX_WEIGHT,
  MIN_STANDARD_TX_NONWITNESS_SIZE,
} from './constants.ts'
import { rejected } from './nodeError.ts'
import { classifyScript, isPushOnly, witnessProgram } from './script.ts'
import { isCoinbase, isNullOutpoint, outpointKey, type ParsedTransaction } from './transaction.ts'

/** Bytes of a CompactSize length prefix. */
const compactSizeLength = (value: number) => (value < 0xfd ? 1 : value <= 0xffff ? 3 : 5)

/**
 * The smallest value an output of `script` may carry (Bitcoin Core's GetDustThreshold): what
 * spending it would cost at the dust relay fee, counting the output and a typical input. An
 * OP_RETURN output is never spent, so no value is dust for it.
 */
export function dustThreshold(script: Uint8Array): bigint {
  if (script[0] === 0x6a || script.length > 10_000) return 0n
  const outputSize = 8 + compactSizeLength(script.length) + script.length
  // A witness input's signature and key weigh a quarter: 32+4+1+(107/4)+4 bytes, else 32+4+1+107+4.
  const inputSize = witnessProgram(script) ? 67 : 148
  return (BigInt(outputSize + inputSize) * DUST_RELAY_FEE_PER_KVB) / 1000n
}

/** Context-free consensus checks (CheckTransaction), with Bitcoin Core's reject reasons. */
export function checkTransaction(parsed: ParsedTransaction): void {
  const { tx } = parsed
  if (tx.inputs.length === 0) throw rejected('bad-txns-vin-empty')
  if (tx.outputs.length === 0) throw rejected('bad-txns-vout-empty')
  if (parsed.baseSize * 4 > MAX_BLOCK_WEIGHT) throw rejected('bad-txns-oversize')
  let total = 0n
  for (const output of tx.outputs) {
    if (output.amount < 0n) throw rejected('bad-txns-vout-negative')
    if (output.amount > MAX_MONEY) throw rejected('bad-txns-vout-toolarge')
    total += output.amount
    if (total > MAX_MONEY) throw rejected('bad-txns-txouttotal-toolarge')
  }
  const seen = new Set<string>()
  for (const input of tx.inputs) {
    const key = outpointKey(hex.encode(input.txid), input.index)
    if (seen.has(key)) throw rejected('bad-txns-inputs-duplicate')
    seen.add(key)
  }
  if (isCoinbase(tx)) throw rejected('coinbase')
  if (tx.inputs.some(isNullOutpoint)) throw rejected('bad-txns-prevout-null')
}

/** Relay policy (IsStandardTx, then the size floor), with Bitcoin Core's reject reasons. */
export function checkStandard(parsed: ParsedTransaction): void {
  const { tx } = parsed
  if (tx.version < 1 || tx.version > 3) throw rejected('version')
  if (parsed.weight > MAX_STANDARD_TX_WEIGHT) throw rejected('tx-size')
  for (const input of tx.inputs) {
    if (input.finalScriptSig.length > MAX_STANDARD_SCRIPTSIG_SIZE) throw rejected('scriptsig-size')
    if (!isPushOnly(input.finalScriptSig)) throw rejected('scriptsig-not-pushonly')
  }
  let dataOutputs = 0
  for (const output of tx.outputs) {
    const type = classifyScript(output.script)
    if (type === 'op_return') {
      if (output.script.length > MAX_OP_RETURN_RELAY || !isPushOnly(output.script.subarray(1)))
        throw rejected('scriptpubkey')
      dataOutputs++
    } else if (type === 'unknown' || type === 'empty') throw rejected('scriptpubkey')
  }
  if (tx.outputs.some((output) => output.amount < dustThreshold(output.script)))
    throw rejected('dust')
  if (dataOutputs > 1) throw rejected('multi-op-return')
  if (parsed.baseSize < MIN_STANDARD_TX_NONWITNESS_SIZE) throw rejected('tx-size-small')
}
