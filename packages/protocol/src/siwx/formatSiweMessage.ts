import { checksumAddress } from './checksumAddress.ts'
import { SIWE_HEADER_SUFFIX } from './constants.ts'
import type { SiweMessage } from './types.ts'
import { checkSiweMessage } from './validate.ts'

/**
 * The text of an EIP-4361 message (what a sign-in signs), exactly as the EIP's ABNF writes it;
 * the address is EIP-55 checksummed. Throws a `SiweMessageError` naming the
 * first invalid field.
 * @example
 * formatSiweMessage({ domain: 'example.com', address, uri: 'https://example.com', version: '1',
 *   chainId: 1, nonce: '32891756', issuedAt: '2021-09-30T16:25:24Z' })
 */
export function formatSiweMessage(message: SiweMessage): string {
  checkSiweMessage(message)
  const origin = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
  const lines = [`${origin}${SIWE_HEADER_SUFFIX}`, checksumAddress(message.address), '']
  if (message.statement !== undefined) lines.push(message.statement)
  lines.push(
    '',
    `URI: ${message.uri}`,
    `Version: ${message.version}`,
    `Chain ID: ${message.chainId}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${message.issuedAt}`,
  )
  if (message.expirationTime !== undefined) lines.push(`Expiration Time: ${message.expirationTime}`)
  if (message.notBefore !== undefined) lines.push(`Not Before: ${message.notBefore}`)
  if (message.requestId !== undefined) lines.push(`Request ID: ${message.requestId}`)
  if (message.resources !== undefined) {
    lines.push('Resources:', ...message.resources.map((resource) => `- ${resource}`))
  }
  return lines.join('\n')
}
