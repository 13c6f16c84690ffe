const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * The bytes of a base58 string (Bitcoin's alphabet, which Solana uses), or undefined when a
 * character is outside the alphabet. Small enough to keep protocol free of a codec library.
 */
export function decodeBase58(value: string): Uint8Array | undefined {
  let number = 0n
  for (const character of value) {
    const digit = BASE58_ALPHABET.indexOf(character)
    if (digit < 0) return undefined
    number = number * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; number > 0n; number >>= 8n) bytes.unshift(Number(number & 0xffn))
  // Each leading '1' stands for a leading zero byte.
  for (let index = 0; index < value.length && value[index] === '1'; index++) bytes.unshift(0)
  return Uint8Array.from(bytes)
}

/** `bytes` in base58, each leading zero byte written as '1'. */
export function encodeBase58(bytes: Uint8Array): string {
  let number = 0n
  for (const byte of bytes) number = (number << 8n) | BigInt(byte)
  let text = ''
  for (; number > 0n; number /= 58n) text = BASE58_ALPHABET[Number(number % 58n)] + text
  for (let index = 0; index < bytes.length && bytes[index] === 0; index++) text = `1${text}`
  return text
}

/**
 * A Solana address: 32 to 44 base58 characters that decode to a 32-byte public key. The length
 * rule is the one a visitor's form shows; the decode catches a mistyped character the length
 * rule lets through.
 */
export function isSolanaAddress(value: string): boolean {
  if (value.length < 32 || value.length > 44) return false
  return decodeBase58(value)?.length === 32
}
