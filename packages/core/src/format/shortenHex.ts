/** Characters kept at the end of a shortened value. */
const TAIL = 4

/**
 * A long hex value (an address, a transaction hash) cut to its first `head` characters and its
 * last 4, as a button or a result screen shows it; the whole value stays in its copy button and
 * title. A value that would not get shorter stays whole.
 * @example shortenHex('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // '0x7099…79C8'
 * @example shortenHex(transactionHash, 8) // '0xabcdef…6789'
 */
export function shortenHex(value: string, head = 6): string {
  return value.length > head + TAIL + 2 ? `${value.slice(0, head)}…${value.slice(-TAIL)}` : value
}
