import { COMPUTE_BUDGET_PROGRAM, LAMPORTS_PER_SIGNATURE } from './constants.ts'
import type { DecodedTransaction } from './wire.ts'

// The runtime's default compute limit per instruction, and its cap per transaction.
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_UNITS = 1_400_000n

/**
 * What the runtime charges the fee payer: 5,000 lamports per signature plus the priority fee
 * (compute unit price in micro-lamports times the compute unit limit, rounded up).
 */
export function transactionFee(decoded: DecodedTransaction, keys: string[]): bigint {
  const base = LAMPORTS_PER_SIGNATURE * BigInt(decoded.message.header.numSignerAccounts)
  let price = 0n
  let limit: bigint | undefined
  let others = 0n
  for (const instruction of decoded.message.instructions) {
    const data = instruction.data
    if (keys[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM || !data) {
      others += 1n
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    // SetComputeUnitLimit (2, u32) and SetComputeUnitPrice (3, u64), little-endian.
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true))
    if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true)
  }
  const units = limit ?? min(others * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS)
  const priority = (price * min(units, MAX_UNITS) + 999_999n) / 1_000_000n
  return base + priority
}

const min = (a: bigint, b: bigint) => (a < b ? a : b)
