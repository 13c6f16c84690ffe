/** A decimal amount written as text (`'1.5'`) in the smallest unit of a `decimals` coin; extra digits are cut. */
export function parseUnits(numeric: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = numeric.split('.')
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'))
}
