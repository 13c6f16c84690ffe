/**
 * A wei amount in whole units (ETH for 18 decimals), with every significant digit and no trailing
 * zeros: the approval screen must show exactly what is spent, never a rounded figure.
 * @example formatWei(1_500_000_000_000_000_000n) // '1.5'
 */
export function formatWei(wei: bigint, decimals = 18): string {
  const sign = wei < 0n ? '-' : ''
  const amount = wei < 0n ? -wei : wei
  const base = 10n ** BigInt(decimals)
  const fraction = (amount % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${sign}${amount / base}${fraction ? `.${fraction}` : ''}`
}

/** An RPC quantity (hex string, decimal string, safe integer or bigint) as a bigint; else undefined. */
export function parseQuantity(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value !== 'string') return undefined
  if (/^0x[0-9a-fA-F]+$/.test(value) || /^\d+$/.test(value)) return BigInt(value)
  return value === '0x' ? 0n : undefined
}
