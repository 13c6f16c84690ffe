import { formatSiwsMessage } from '@latch/protocol/siwx'
import type { SignInFields } from '../../siwx/signInFields.ts'
import { signInParts } from '../signInParts.ts'

/**
 * Solana's CAIP-122 sign-in message: Sign In With Solana, as Solana wallets write it. The Chain
 * ID is the CAIP-2 reference (the genesis hash prefix), which names a local chain as well as the
 * public clusters, where a cluster name could not.
 */
export function solanaSignInMessage(fields: SignInFields): string {
  return formatSiwsMessage(signInParts(fields))
}
