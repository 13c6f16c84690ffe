import { parseCaipAddress } from '@latch/protocol/caip'
import type { SignInFields } from '../siwx/signInFields.ts'

/**
 * The fields every family's CAIP-122 message writes, with the account split out of its CAIP-10 id:
 * the address, and the Chain ID as the CAIP-2 reference (each family's formatter takes it in its
 * own form). Absent optional fields stay absent: a message never shows an empty line for them.
 * @example signInParts({ caipAddress: 'eip155:1:0xab…', ... }).chainId // '1'
 */
export function signInParts(fields: SignInFields) {
  const { reference, address } = parseCaipAddress(fields.caipAddress)
  return {
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
  }
}
