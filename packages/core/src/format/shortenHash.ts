/**
 * A transaction hash (or any long hex) cut to its first 6 and last 4 hex digits, as a result screen
 * shows it; the whole value stays in the copy button and the explorer link.
 * @example shortenHash('0xabcdef…0123456789') // '0xabcdef…6789'
 */
export function shortenHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash
}
