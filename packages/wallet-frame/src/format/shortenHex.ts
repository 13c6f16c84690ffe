/** Byte count above which call data is shortened; a selector plus one word stays whole. */
const FULL_DATA_BYTES = 36

/**
 * Call data short enough for the approval screen: the selector and the tail stay, with the size.
 * @example shortenData('0xa9059cbb' + '00'.repeat(64)) // '0xa9059cbb…00000000 (68 bytes)'
 */
export function shortenData(data: string): string {
  const bytes = Math.floor((data.length - 2) / 2)
  if (bytes <= FULL_DATA_BYTES) return data
  return `${data.slice(0, 10)}…${data.slice(-8)} (${bytes} bytes)`
}
