import { bitcoinAddressFromScript } from '@latch/protocol/bitcoin'
import { OPNames } from '@scure/btc-signer/script.js'
import { hex } from './bytes.ts'

/** An output script's kind, in the words Esplora's `scriptpubkey_type` uses. */
export type ScriptType =
  | 'empty'
  | 'op_return'
  | 'p2pk'
  | 'p2pkh'
  | 'p2sh'
  | 'v0_p2wpkh'
  | 'v0_p2wsh'
  | 'v1_p2tr'
  | 'multisig'
  | 'witness_unknown'
  | 'unknown'

/** A witness program's version and program, when the script is one. */
export function witnessProgram(
  script: Uint8Array,
): { version: number; program: Uint8Array } | undefined {
  const [first, length] = script
  if (first === undefined || length === undefined) return undefined
  const isVersion = first === 0 || (first >= 0x51 && first <= 0x60)
  if (!isVersion || length < 2 || length > 40 || script.length !== length + 2) return undefined
  return { version: first === 0 ? 0 : first - 0x50, program: script.subarray(2) }
}

/** Bare multisig `m <keys> n OP_CHECKMULTISIG` with up to 3 keys, the only standard kind. */
function isBareMultisig(script: Uint8Array): boolean {
  const ops = decodeScript(script)
  if (!ops || ops.length < 4 || ops[ops.length - 1] !== 0xae) return false
  const m = ops[0]
  const n = ops[ops.length - 2]
  if (typeof m !== 'number' || typeof n !== 'number') return false
  const keys = ops.slice(1, -2)
  const count = n - 0x50
  return (
    m >= 0x51 &&
    m <= n &&
    count >= 1 &&
    count <= 3 &&
    keys.length === count &&
    keys.every((key) => key instanceof Uint8Array && (key.length === 33 || key.length === 65))
  )
}

export function classifyScript(script: Uint8Array): ScriptType {
  if (script.length === 0) return 'empty'
  if (script[0] === 0x6a) return 'op_return'
  if (
    script.length === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 20 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return 'p2pkh'
  if (script.length === 23 && script[0] === 0xa9 && script[1] === 20 && script[22] === 0x87)
    return 'p2sh'
  if ((script.length === 35 && script[0] === 33) || (script.length === 67 && script[0] === 65))
    if (script[script.length - 1] === 0xac) return 'p2pk'
  const witness = witnessProgram(script)
  if (witness) {
    if (witness.version === 0 && witness.program.length === 20) return 'v0_p2wpkh'
    if (witness.version === 0 && witness.program.length === 32) return 'v0_p2wsh'
    if (witness.version === 1 && witness.program.length === 32) return 'v1_p2tr'
    if (witness.version > 0) return 'witness_unknown'
    return 'unknown'
  }
  if (isBareMultisig(script)) return 'multisig'
  return 'unknown'
}

/** The opcodes and pushed data of a script, or undefined when a push runs past its end. */
export function decodeScript(script: Uint8Array): (number | Uint8Array)[] | undefined {
  const ops: (number | Uint8Array)[] = []
  let index = 0
  while (index < script.length) {
    const op = script[index++] as number
    let length = -1
    if (op >= 1 && op <= 75) length = op
    else if (op === 0x4c) length = script[index++] ?? -2
    else if (op === 0x4d) {
      length = (script[index] ?? 0) | ((script[index + 1] ?? 0) << 8)
      index += 2
    } else if (op === 0x4e) {
      length =
        ((script[index] ?? 0) |
          ((script[index + 1] ?? 0) << 8) |
          ((script[index + 2] ?? 0) << 16) |
          ((script[index + 3] ?? 0) << 24)) >>>
        0
      index += 4
    }
    if (length === -1) {
      ops.push(op)
      continue
    }
    if (length < 0 || index + length > script.length) return undefined
    ops.push(script.slice(index, index + length))
    index += length
  }
  return ops
}

/** Whether a scriptSig holds only pushes (policy for every input; consensus for P2SH). */
export function isPushOnly(script: Uint8Array): boolean {
  const ops = decodeScript(script)
  return ops?.every((op) => op instanceof Uint8Array || op <= 0x60) ?? false
}

/** Opcode names as Esplora's `*_asm` fields write them (rust-bitcoin's names). */
function opcodeName(op: number): string {
  if (op === 0) return 'OP_0'
  if (op === 0x4f) return 'OP_PUSHNUM_NEG1'
  if (op >= 0x51 && op <= 0x60) return `OP_PUSHNUM_${op - 0x50}`
  if (op === 0xb1) return 'OP_CLTV'
  if (op === 0xb2) return 'OP_CSV'
  if (op >= 0xbb && op <= 0xfe) return `OP_RETURN_${op}`
  const name = OPNames[op]
  return name ? `OP_${name}` : `OP_INVALIDOPCODE`
}

/** A script in assembly, as Esplora writes `scriptpubkey_asm`: `OP_0 OP_PUSHBYTES_20 751e...`. */
export function scriptAsm(script: Uint8Array): string {
  const parts: string[] = []
  let index = 0
  while (index < script.length) {
    const op = script[index++] as number
    let length = -1
    let name = ''
    if (op >= 1 && op <= 75) {
      length = op
      name = `OP_PUSHBYTES_${op}`
    } else if (op === 0x4c || op === 0x4d || op === 0x4e) {
      const width = op === 0x4c ? 1 : op === 0x4d ? 2 : 4
      length = 0
      for (let byte = 0; byte < width; byte++) length += (script[index + byte] ?? 0) * 256 ** byte
      index += width
      name = `OP_PUSHDATA${width === 4 ? 4 : width}`
    }
    if (length === -1) {
      parts.push(opcodeName(op))
      continue
    }
    if (index + length > script.length) {
      parts.push(name, '<push past end>')
      break
    }
    parts.push(name, hex.encode(script.subarray(index, index + length)))
    index += length
  }
  return parts.join(' ')
}

/** The regtest address of an output script, when one names it. */
export const regtestAddress = (script: Uint8Array): string | undefined =>
  bitcoinAddressFromScript(script, 'regtest')
