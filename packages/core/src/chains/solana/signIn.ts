import { parseCaipAddress } from '@latch/protocol/caip'
import { formatSiwsMessage } from '@latch/protocol/siwx'
import type { SignInFields } from '../types.ts'

/**
 * Solana's CAIP-122 sign-in message: Sign In With Solana, as Solana wallets write it. The Chain
 * ID is the CAIP-2 reference (the genesis hash prefix), which names a local chain as well as the
 * public clusters, where a cluster name could not.
 */
export function solanaSignInMessage(fields: SignInFields): string {
  const { reference, address } = parseCaipAddress(fields.caipAddress)
  return formatSiwsMessage({
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
