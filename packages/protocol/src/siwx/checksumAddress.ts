import { keccak256 } from './keccak256.ts'

/** Whether `value` is 0x and 40 hex digits, in any case. */
export const isHexAddress = (value: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(value)

/**
 * The EIP-55 mixed-case form of a 0x address (any case in).
 * @example checksumAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')
 * // '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
 */
export function checksumAddress(address: string): `0x${string}` {
  const lower = address.slice(2).toLowerCase()
  const hash = keccak256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let index = 0; index < 40; index++) {
    const nibble = ((hash[index >> 1] as number) >> (index % 2 === 0 ? 4 : 0)) & 0x0f
    const char = lower[index] as string
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}
