import { parseCaipAddress } from '@latch/protocol/caip'
import { formatSiwpMessage } from '@latch/protocol/siwx-polkadot'
import type { SignInFields } from '../types.ts'

/**
 * Polkadot's CAIP-122 sign-in message, which the extension signs with signRaw. The Chain ID is
 * the CAIP-2 reference (the genesis hash prefix), which names a local chain as well as Polkadot's.
 */
export function polkadotSignInMessage(fields: SignInFields): string {
  const { reference, address } = parseCaipAddress(fields.caipAddress)
  return formatSiwpMessage({
    domain: fields.domain,
    address,
    ...(fields.statement ? { statement: fields.statement } : {}),
    uri: fields.uri,
    version: fields.version,
    chainId: reference,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    ...(fields.notBefore ? { notBefore: fields.notBefore } : {}),
    ...(fields.requestId ? { requestId: fields.requestId } : {}),
    ...(fields.resources ? { resources: fields.resources } : {}),
  })
}
