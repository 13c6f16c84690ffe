import type { PublicClient } from 'viem'
import { isUpstreamOutage } from './upstreamCircuits.ts'

/** Recent blocks whose priority fees the suggestion looks at. */
const FEE_HISTORY_BLOCKS = 10
/** Tip percentiles of each block for standard, fast and instant. */
const TIP_PERCENTILES = [25, 50, 90]

/** Prices per unit of gas, in wei. */
export type GasPrices = { standard: bigint; fast: bigint; instant: bigint }

/**
 * Three gas prices from one `eth_feeHistory` call over the last FEE_HISTORY_BLOCKS blocks:
 * `standard` = next block's base fee + the median 25th-percentile tip, `fast` = base fee + the
 * median 50th-percentile tip, `instant` = base fee x 1.125 (room for one full block's rise, the
 * most EIP-1559 allows) + the median 90th-percentile tip. Empty blocks (which report zero tips)
 * are left out of the medians. Each is a total price per gas: a legacy `gasPrice`, or a
 * `maxFeePerGas` with the tip as `maxPriorityFeePerGas`. Ascending by construction.
 *
 * Chains without EIP-1559 (no fee history or no base fee) get `eth_gasPrice` x 1, 1.1 and 1.25.
 */
export async function suggestGasPrices(client: PublicClient): Promise<GasPrices> {
  const history = await client
    .getFeeHistory({ blockCount: FEE_HISTORY_BLOCKS, rewardPercentiles: TIP_PERCENTILES })
    .catch((error: unknown) => {
      // An upstream that is down is down for eth_gasPrice too; a refusal of the method is not.
      if (isUpstreamOutage(error)) throw error
      return undefined
    })
  const baseFee = history?.baseFeePerGas.at(-1)
  if (!history || !baseFee) {
    const gasPrice = await client.getGasPrice()
    return { standard: gasPrice, fast: (gasPrice * 11n) / 10n, instant: (gasPrice * 5n) / 4n }
  }
  const busy = (history.reward ?? []).filter((_, block) => (history.gasUsedRatio[block] ?? 0) > 0)
  const tip = (column: number) => median(busy.map((rewards) => rewards[column] ?? 0n))
  return {
    standard: baseFee + tip(0),
    fast: baseFee + tip(1),
    instant: (baseFee * 9n) / 8n + tip(2),
  }
}

/** The lower median; 0 of nothing. */
function median(values: bigint[]): bigint {
  if (values.length === 0) return 0n
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0n
}
