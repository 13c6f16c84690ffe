import { MIN_RELAY_FEE_PER_KVB } from './constants.ts'
import { formatMoney, rejected } from './nodeError.ts'

/** Bitcoin Core evicts at most this many transactions for one replacement. */
export const MAX_REPLACEMENT_EVICTIONS = 100

/** A fee rate as Bitcoin Core's CFeeRate holds it: satoshis per 1000 vbytes, rounded down. */
const feeRate = (fee: bigint, vsize: number) => (fee * 1000n) / BigInt(vsize)

/** CFeeRate::ToString: `0.00001000 BTC/kvB`. */
const formatFeeRate = (perKvB: bigint) =>
  `${perKvB / 100_000_000n}.${(perKvB % 100_000_000n).toString().padStart(8, '0')} BTC/kvB`

type Candidate = { txid: string; fee: bigint; vsize: number }

/**
 * Bitcoin Core's replacement rules (full RBF, its default since version 28): a transaction that
 * spends what mempool transactions spend replaces them and their descendants only if it pays a
 * higher fee rate than each one it conflicts with directly, at least their fees together, and on
 * top of that its own relay fee. Throws the reject reason Core gives.
 */
export function checkReplacement(
  replacement: Candidate,
  directConflicts: readonly Candidate[],
  evicted: readonly Candidate[],
): void {
  const { txid } = replacement
  if (evicted.length > MAX_REPLACEMENT_EVICTIONS)
    throw rejected(
      `too many potential replacements, rejecting replacement ${txid}; too many potential replacements (${evicted.length} > ${MAX_REPLACEMENT_EVICTIONS})`,
    )
  const newRate = feeRate(replacement.fee, replacement.vsize)
  for (const conflict of directConflicts) {
    const oldRate = feeRate(conflict.fee, conflict.vsize)
    if (newRate <= oldRate)
      throw rejected(
        `insufficient fee, rejecting replacement ${txid}; new feerate ${formatFeeRate(newRate)} <= old feerate ${formatFeeRate(oldRate)}`,
      )
  }
  const original = evicted.reduce((sum, entry) => sum + entry.fee, 0n)
  if (replacement.fee < original)
    throw rejected(
      `insufficient fee, rejecting replacement ${txid}, less fees than conflicting txs; ${formatMoney(replacement.fee)} < ${formatMoney(original)}`,
    )
  const additional = replacement.fee - original
  const relayFee = (BigInt(replacement.vsize) * MIN_RELAY_FEE_PER_KVB + 999n) / 1000n
  if (additional < relayFee)
    throw rejected(
      `insufficient fee, rejecting replacement ${txid}, not enough additional fees to relay; ${formatMoney(additional)} < ${formatMoney(relayFee)}`,
    )
}
