import { formatSiweMessage } from '@latch/protocol/siwx'
import type { SignInFields } from '../../siwx/signInFields.ts'
import { signInParts } from '../signInParts.ts'

/** EVM's CAIP-122 sign-in message: EIP-4361 (Sign-In with Ethereum), byte for byte. */
export function signInMessage(fields: SignInFields): string {
  const parts = signInParts(fields)
  return formatSiweMessage({
    ...parts,
    address: parts.address as `0x${string}`,
    chainId: Number(parts.chainId),
  })
}
