import { EVM_CHECKSUM_PROBLEM, evmAddressProblem } from '../evmAddress.ts'
import { isHexAddress } from './checksumAddress.ts'
import { SIWE_NONCE_MIN_LENGTH, SIWE_VERSION } from './constants.ts'
import { SiweMessageError } from './errors.ts'
import type { SiweField, SiweMessage } from './types.ts'

// The EIP-4361 ABNF's character classes, from RFC 3986.
const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const GEN_DELIMS = ':/?#\\[\\]@'
const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}${GEN_DELIMS} ]+$`)
const REQUEST_ID = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:@]|%[0-9A-Fa-f]{2})*$`)
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/
// An authority: [userinfo "@"] host [":" port], with no path, query or fragment.
const AUTHORITY = new RegExp(
  `^(?:[${UNRESERVED}${SUB_DELIMS}:]|%[0-9A-Fa-f]{2})*@?(?:\\[[0-9A-Fa-f:.]+\\]|(?:[${UNRESERVED}${SUB_DELIMS}]|%[0-9A-Fa-f]{2})+)(?::[0-9]*)?$`,
)
const URI = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.-]*:(?:[${UNRESERVED}${SUB_DELIMS}${GEN_DELIMS}]|%[0-9A-Fa-f]{2})*$`,
)
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/

const fail = (field: SiweField, problem: string): never => {
  throw new SiweMessageError(field, problem)
}

/** Whether `value` is an RFC 3339 date-time naming a real instant (no 30 February). */
export function isRfc3339(value: string): boolean {
  const match = RFC3339.exec(value)
  if (!match) return false
  const [, year, month, day, hour, minute, second, , , offsetHour, offsetMinute] = match.map(
    Number,
  ) as number[]
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day as number))
  return (
    date.getUTCMonth() === (month as number) - 1 &&
    date.getUTCDate() === day &&
    (hour as number) <= 23 &&
    (minute as number) <= 59 &&
    (second as number) <= 59 &&
    (offsetHour === undefined || Number.isNaN(offsetHour) || offsetHour <= 23) &&
    (offsetMinute === undefined || Number.isNaN(offsetMinute) || offsetMinute <= 59)
  )
}

export function checkScheme(value: string): void {
  if (!SCHEME.test(value)) fail('scheme', `"${value}" is not a URI scheme (such as https)`)
}

export function checkDomain(value: string): void {
  if (!value) fail('domain', 'is missing')
  if (!AUTHORITY.test(value))
    fail('domain', `"${value}" is not an RFC 3986 authority (host and optional port, no path)`)
}

/** EIP-4361 asks for the EIP-55 form; one case is taken too, mixed case only as the checksum. */
export function checkAddress(value: string): void {
  if (!isHexAddress(value)) fail('address', `"${value}" is not 0x and 40 hex digits`)
  if (evmAddressProblem(value) === 'checksum') fail('address', `"${value}" ${EVM_CHECKSUM_PROBLEM}`)
}

export function checkStatement(value: string): void {
  if (/[\r\n]/.test(value)) fail('statement', 'must be one line (it contains a newline)')
  if (value === '') fail('statement', 'is empty; leave it out instead')
  if (!STATEMENT.test(value))
    fail(
      'statement',
      'has a character EIP-4361 does not allow (RFC 3986 reserved, unreserved or space)',
    )
}

function checkUri(field: 'uri' | 'resources', value: string): void {
  if (!URI.test(value)) fail(field, `"${value}" is not an RFC 3986 URI`)
}

export function checkVersion(value: string): void {
  if (value !== SIWE_VERSION) fail('version', `must be ${SIWE_VERSION}, not "${value}"`)
}

export function checkChainId(value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    fail('chainId', `must be a positive integer, not ${value}`)
}

export function checkNonce(value: string): void {
  if (!new RegExp(`^[A-Za-z0-9]{${SIWE_NONCE_MIN_LENGTH},}$`).test(value))
    fail('nonce', `must be at least ${SIWE_NONCE_MIN_LENGTH} letters or digits, not "${value}"`)
}

export function checkTime(field: 'issuedAt' | 'expirationTime' | 'notBefore', value: string): void {
  if (!isRfc3339(value)) fail(field, `"${value}" is not an RFC 3339 date-time`)
}

export function checkRequestId(value: string): void {
  if (/[\r\n]/.test(value)) fail('requestId', 'must be one line (it contains a newline)')
  if (!REQUEST_ID.test(value))
    fail('requestId', `"${value}" has a character EIP-4361 does not allow`)
}

// Formatting takes messages from untyped callers too: a field that is absent or not of its type is
// refused by name, never written as "undefined" or tested as the text of a number.
function checkType(field: SiweField, value: unknown, type: 'string' | 'number'): void {
  if (value === undefined) fail(field, 'is missing')
  if (typeof value !== type)
    fail(field, `must be a ${type}, not ${value === null ? 'null' : typeof value}`)
}

const REQUIRED_FIELDS = {
  domain: 'string',
  address: 'string',
  uri: 'string',
  version: 'string',
  chainId: 'number',
  nonce: 'string',
  issuedAt: 'string',
} as const
const OPTIONAL_TEXT_FIELDS = [
  'scheme',
  'statement',
  'expirationTime',
  'notBefore',
  'requestId',
] as const

/** Checks every field of a message, throwing a {@link SiweMessageError} at the first wrong one. */
export function checkSiweMessage(message: SiweMessage): void {
  for (const [field, type] of Object.entries(REQUIRED_FIELDS))
    checkType(field as SiweField, message[field as keyof SiweMessage], type)
  for (const field of OPTIONAL_TEXT_FIELDS)
    if (message[field] !== undefined) checkType(field, message[field], 'string')
  const resources: unknown = message.resources
  if (
    resources !== undefined &&
    (!Array.isArray(resources) || resources.some((resource) => typeof resource !== 'string'))
  )
    fail('resources', 'must be a list of URIs')
  if (message.scheme !== undefined) checkScheme(message.scheme)
  checkDomain(message.domain)
  checkAddress(message.address)
  if (message.statement !== undefined) checkStatement(message.statement)
  checkUri('uri', message.uri)
  checkVersion(message.version)
  checkChainId(message.chainId)
  checkNonce(message.nonce)
  checkTime('issuedAt', message.issuedAt)
  if (message.expirationTime !== undefined) checkTime('expirationTime', message.expirationTime)
  if (message.notBefore !== undefined) checkTime('notBefore', message.notBefore)
  if (message.requestId !== undefined) checkRequestId(message.requestId)
  for (const resource of message.resources ?? []) checkUri('resources', resource)
}
