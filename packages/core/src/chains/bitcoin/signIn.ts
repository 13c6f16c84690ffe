import { formatSiwbMessage } from '@latch/protocol/siwx-bitcoin'
import type { SignInFields } from '../../siwx/signInFields.ts'
import { signInParts } from '../signInParts.ts'

/**
 * Bitcoin's CAIP-122 sign-in message (Sign In With Bitcoin), which the wallet signs with BIP-322
 * or BIP-137. The Chain ID is the CAIP-2 reference (the genesis hash prefix), which names a local
 * chain as well as mainnet and testnet.
 */
export function bitcoinSignInMessage(fields: SignInFields): string {
  return formatSiwbMessage(signInParts(fields))
}
