import { checksumAddress } from 'viem'

// EIP-55: an EVM address carries a checksum in the case of its letters (a letter is upper case
// where the keccak-256 hash of the lower-case address has a nibble of 8 or more). One character
// typed wrong almost always breaks it, so a mixed-case address whose case is not its checksum is a
// typo, and money sent there is lost. An address all in one case carries no checksum: wallets and
// block explorers write them so, and they are taken as they are. No zod here: the page imports it.

/** Why a written EVM address is refused: not 40 hex digits, or mixed case that is not its checksum. */
export type EvmAddressProblem = 'format' | 'checksum'

const HEX_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/

/** What is wrong with an address whose mixed case is not its EIP-55 checksum, after its name. */
export const EVM_CHECKSUM_PROBLEM =
  'mixes upper and lower case, and its case is not its EIP-55 checksum: a character is likely mistyped'

/** What the server says of an address whose mixed case is not its EIP-55 checksum. */
export const EVM_CHECKSUM_MESSAGE = `The address ${EVM_CHECKSUM_PROBLEM}`

/**
 * What is wrong with an EVM address as written (40 hex digits, with or without 0x), or undefined
 * when it may be used: all lower case, all upper case, or mixed case that is its EIP-55 checksum.
 * @example evmAddressProblem('0x70997970c51812dc3a010c7d01b50e0d17dc79C8') // 'checksum'
 */
export function evmAddressProblem(value: string): EvmAddressProblem | undefined {
  const digits = HEX_ADDRESS.exec(value)?.[1]
  if (digits === undefined) return 'format'
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return undefined
  return checksumAddress(`0x${digits.toLowerCase()}`).slice(2) === digits ? undefined : 'checksum'
}

/**
 * Whether `value` is an EVM address that may be used as written (see `evmAddressProblem`).
 * @example isEvmAddress('70997970C51812dc3A010C7d01b50e0d17dc79C8') // true
 */
export function isEvmAddress(value: string): boolean {
  return evmAddressProblem(value) === undefined
}
