/** True for 40 hex characters, with or without 0x; the checksum is not checked. @example isEvmAddress(input) */
export function isEvmAddress(value: string): boolean {
  return /^(0x)?[0-9a-fA-F]{40}$/.test(value)
}
