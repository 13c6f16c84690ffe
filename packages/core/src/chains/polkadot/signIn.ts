import { formatSiwpMessage } from '@latch/protocol/siwx-polkadot'
import type { SignInFields } from '../../siwx/signInFields.ts'
import { signInParts } from '../signInParts.ts'

/**
 * Polkadot's CAIP-122 sign-in message, which the extension signs with signRaw. The Chain ID is
 * the CAIP-2 reference (the genesis hash prefix), which names a local chain as well as Polkadot's.
 */
export function polkadotSignInMessage(fields: SignInFields): string {
  return formatSiwpMessage(signInParts(fields))
}
