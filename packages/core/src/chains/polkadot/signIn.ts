import { parseCaipAddress } from '@latch/protocol/caip'
import type { SignInFields } from '../types.ts'

/**
 * Polkadot's CAIP-122 sign-in message, which the extension signs with signRaw. The Chain ID is
 * the CAIP-2 reference (the genesis hash prefix), which names a local chain as well as Polkadot's.
 */
export function polkadotSignInMessage(fields: SignInFields): string {
  const { reference, address } = parseCaipAddress(fields.caipAddress)
  const lines = [
    `${fields.domain} wants you to sign in with your Polkadot account:`,
    address,
    ...(fields.statement ? ['', fields.statement] : []),
    '',
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    ...(fields.expirationTime ? [`Expiration Time: ${fields.expirationTime}`] : []),
    ...(fields.notBefore ? [`Not Before: ${fields.notBefore}`] : []),
    ...(fields.requestId ? [`Request ID: ${fields.requestId}`] : []),
    ...(fields.resources?.length ? ['Resources:', ...fields.resources.map((r) => `- ${r}`)] : []),
  ]
  return lines.join('\n')
}
