/** The rule a visitor is shown for a Solana address they typed wrong (the check: isSolanaAddress). */
export const SOLANA_ADDRESS_RULE = 'A Solana address is 32 to 44 base58 characters.'
