/** True for 32 to 44 base58 characters. @example isSolanaAddress(input) */
export function isSolanaAddress(value: string): boolean {
  // Base58 leaves out 0, O, I and l, which read alike.
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
}

/** The rule a visitor is shown for a Solana address they typed wrong. */
export const SOLANA_ADDRESS_RULE = 'A Solana address is 32 to 44 base58 characters.'
