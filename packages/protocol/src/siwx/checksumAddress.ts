import { getAddress } from 'viem'

/** Whether `value` is 0x and 40 hex digits, in any case. */
export const isHexAddress = (value: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(value)

/**
 * The EIP-55 mixed-case form of a 0x address (any case in); viem's, which the page has anyway.
 * @example checksumAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')
 * // '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
 */
export function checksumAddress(address: string): `0x${string}` {
  return getAddress(address.toLowerCase())
}
