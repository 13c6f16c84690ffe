import { parseCaipAddress } from '@latch/protocol/caip'
import { formatSiweMessage } from '@latch/protocol/siwx'
import type { SignInFields } from '../types.ts'

/** EVM's CAIP-122 sign-in message: EIP-4361 (Sign-In with Ethereum), byte for byte. */
export function signInMessage(fields: SignInFields): string {
  const { reference, address } = parseCaipAddress(fields.caipAddress)
  return formatSiweMessage({
    domain: fields.domain,
    address: address as `0x${string}`,
    ...(fields.statement ? { statement: fields.statement } : {}),
    uri: fields.uri,
    version: fields.version,
    chainId: Number(reference),
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    ...(fields.notBefore ? { notBefore: fields.notBefore } : {}),
    ...(fields.requestId ? { requestId: fields.requestId } : {}),
    ...(fields.resources ? { resources: fields.resources } : {}),
  })
}
