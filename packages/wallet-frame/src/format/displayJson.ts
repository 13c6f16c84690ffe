/**
 * `value` as JSON for the eye: bigints (which postMessage can carry) as decimals, and a placeholder
 * for what JSON cannot hold (cycles), instead of throwing.
 */
export function displayJson(value: unknown, indent?: number): string {
  try {
    return (
      JSON.stringify(
        value,
        (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item),
        indent,
      ) ?? String(value)
    )
  } catch {
    return '(unreadable value)'
  }
}
