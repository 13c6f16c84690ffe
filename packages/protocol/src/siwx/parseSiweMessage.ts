import { SIWE_HEADER_SUFFIX } from './constants.ts'
import { SiweMessageError } from './errors.ts'
import type { SiweField, SiweMessage } from './types.ts'
import {
  checkAddress,
  checkChainId,
  checkDomain,
  checkNonce,
  checkRequestId,
  checkScheme,
  checkSiweMessage,
  checkStatement,
  checkTime,
  checkVersion,
} from './validate.ts'

const HEADER = /^(?:([^:/\s]*):\/\/)?(.*)$/

/**
 * Reads an EIP-4361 message as the EIP's ABNF writes it (the sign-in message). The
 * address may be in one case or in its EIP-55 checksum's; it is returned as written. Throws a
 * `SiweMessageError` naming the first field missing or invalid.
 * @example parseSiweMessage(text).nonce
 */
export function parseSiweMessage(text: string): SiweMessage {
  const lines = text.split('\n')
  let at = 0
  const describe = (line: string | undefined) =>
    line === undefined ? 'the end of the message' : `"${line}"`
  const fail = (field: SiweField, problem: string): never => {
    throw new SiweMessageError(field, problem)
  }

  const header = lines[at++] as string
  if (!header.endsWith(SIWE_HEADER_SUFFIX))
    fail('domain', `line must be "<domain>${SIWE_HEADER_SUFFIX}", found ${describe(header)}`)
  const [, scheme, domain] = HEADER.exec(header.slice(0, -SIWE_HEADER_SUFFIX.length)) as string[]
  if (scheme !== undefined) checkScheme(scheme)
  checkDomain(domain as string)

  const address = lines[at++]
  if (address === undefined) fail('address', 'is missing (expected on the second line)')
  checkAddress(address as string)
  if (lines[at++] !== '') fail('message', 'must have a blank line after the address')

  let statement: string | undefined
  const afterAddress = lines[at++]
  if (afterAddress !== '') {
    if (afterAddress === undefined || afterAddress.startsWith('URI: '))
      fail('message', 'must have two blank lines, or a statement between blank lines, before URI')
    statement = afterAddress as string
    checkStatement(statement)
    if (lines[at++] !== '')
      fail('statement', 'must be one line followed by a blank line (it spans several lines)')
  }

  const take = (label: string, field: SiweField): string => {
    const line = lines[at]
    if (line === undefined || !line.startsWith(`${label}: `))
      fail(field, `is missing: expected "${label}: ..." on line ${at + 1}, found ${describe(line)}`)
    at++
    return (line as string).slice(label.length + 2)
  }
  const takeOptional = (label: string, field: SiweField): string | undefined =>
    lines[at]?.startsWith(`${label}: `) ? take(label, field) : undefined

  const uri = take('URI', 'uri')
  const version = take('Version', 'version')
  checkVersion(version)
  const chainIdText = take('Chain ID', 'chainId')
  if (!/^[0-9]+$/.test(chainIdText)) fail('chainId', `"${chainIdText}" is not a decimal number`)
  const chainId = Number(chainIdText)
  checkChainId(chainId)
  const nonce = take('Nonce', 'nonce')
  checkNonce(nonce)
  const issuedAt = take('Issued At', 'issuedAt')
  checkTime('issuedAt', issuedAt)
  const expirationTime = takeOptional('Expiration Time', 'expirationTime')
  if (expirationTime !== undefined) checkTime('expirationTime', expirationTime)
  const notBefore = takeOptional('Not Before', 'notBefore')
  if (notBefore !== undefined) checkTime('notBefore', notBefore)
  const requestId = takeOptional('Request ID', 'requestId')
  if (requestId !== undefined) checkRequestId(requestId)
  let resources: string[] | undefined
  if (lines[at] === 'Resources:') {
    at++
    resources = []
    while (lines[at]?.startsWith('- ')) resources.push((lines[at++] as string).slice(2))
  }
  if (at < lines.length) fail('message', `has an unexpected line ${at + 1}: ${describe(lines[at])}`)

  const message: SiweMessage = {
    ...(scheme !== undefined && { scheme }),
    domain: domain as string,
    address: address as `0x${string}`,
    ...(statement !== undefined && { statement }),
    uri,
    version: '1',
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime !== undefined && { expirationTime }),
    ...(notBefore !== undefined && { notBefore }),
    ...(requestId !== undefined && { requestId }),
    ...(resources !== undefined && { resources }),
  }
  // The URI and resources are checked here, with the rest again: one place says what is valid.
  checkSiweMessage(message)
  return message
}
