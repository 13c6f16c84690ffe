// What the Smart session panel asks for and spends, in whole USDC: its sentence and its code read
// them here, so what the visitor reads is what the wallet is asked.

/** USDC's decimals on the devnet token. */
export const USDC_DECIMALS = 6
/** The daily limit the grant asks for. */
export const DAILY_LIMIT_USDC = 10
/** How long the session lasts. */
export const SESSION_DAYS = 7
/** What each spend sends. */
export const SPEND_USDC = 1

/** Whole USDC in the token's base units. */
export const usdcUnits = (usdc: number): bigint => BigInt(usdc) * 10n ** BigInt(USDC_DECIMALS)
