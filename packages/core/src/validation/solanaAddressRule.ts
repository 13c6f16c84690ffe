import { coreEnglish } from '../i18n/phrases.ts'

/** The rule a visitor is shown for a Solana address they typed wrong (the check: isSolanaAddress). */
export const SOLANA_ADDRESS_RULE = coreEnglish['send.solanaAddressRule']
