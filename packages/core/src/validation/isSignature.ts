/** True for a signed message: 0x and at least 62 hex characters. @example isSignature(signature) */
export function isSignature(value: string): value is `0x${string}` {
  return /^0x[0-9a-fA-F]{62,}$/.test(value)
}
