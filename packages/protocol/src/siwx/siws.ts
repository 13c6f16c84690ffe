import { isSolanaAddress } from '../solanaAddress.ts'
import { SiweMessageError } from './errors.ts'
import {
  checkDomain,
  checkNonce,
  checkRequestId,
  checkScheme,
  checkStatement,
  checkTime,
  checkVersion,
} from './validate.ts'

/** What follows the domain on the first line of a Sign In With Solana message. */
export const SIWS_HEADER_SUFFIX = ' wants you to sign in with your Solana account:'

/**
 * A Sign In With Solana message: CAIP-122's fields as Solana wallets write them for
 * `solana:signIn`. Every field after the address is optional in the format; a server that opens
 * sessions requires uri, version, nonce and issuedAt (see `parseSiwsMessage`).
 */
export type SiwsMessage = {
  scheme?: string
  domain: string
  /** Base58 public key. */
  address: string
  statement?: string
  uri?: string
  version?: '1'
  /** As the wallet wrote it: a cluster (`mainnet`, `devnet`, `testnet`, `localnet`), `solana:<cluster>` or a CAIP-2 id or reference. */
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** The message's fields in the order the format writes them, with their labels. */
const FIELDS = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
] as const

/** A message that does not follow the format; the text names the first wrong field. */
export class SiwsMessageError extends Error {
  override name = 'SiwsMessageError'
  constructor(problem: string) {
    super(`Invalid SIWS message: ${problem}`)
  }
}

/** Runs one of the shared EIP-4361 field checks, reporting in this format's name. */
function check(run: () => void): void {
  try {
    run()
  } catch (error) {
    if (error instanceof SiweMessageError) throw new SiwsMessageError(error.shortMessage)
    throw error
  }
}

/**
 * The text of a Sign In With Solana message, as Solana wallets write it: the header and address,
 * then the statement after a blank line when there is one, then the fields given, after a blank
 * line. `parseSiwsMessage` reads it back.
 */
export function formatSiwsMessage(message: SiwsMessage): string {
  const origin = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
  let text = `${origin}${SIWS_HEADER_SUFFIX}\n${message.address}`
  if (message.statement) text += `\n\n${message.statement}`
  const fields: string[] = []
  for (const [key, label] of FIELDS) {
    const value = message[key]
    if (value !== undefined) fields.push(`${label}: ${value}`)
  }
  if (message.resources?.length)
    fields.push('Resources:', ...message.resources.map((resource) => `- ${resource}`))
  if (fields.length > 0) text += `\n\n${fields.join('\n')}`
  return text
}

/**
 * Reads a Sign In With Solana message. With `required`, those fields must be present (a sign-in
 * server needs uri, version, nonce and issuedAt). Throws a SiwsMessageError naming the first
 * field missing or invalid.
 */
export function parseSiwsMessage(
  text: string,
  required: readonly (keyof SiwsMessage)[] = [],
): SiwsMessage {
  const lines = text.split('\n')
  const header = lines[0] ?? ''
  if (!header.endsWith(SIWS_HEADER_SUFFIX))
    throw new SiwsMessageError(`the first line must be "<domain>${SIWS_HEADER_SUFFIX}"`)
  const origin = header.slice(0, -SIWS_HEADER_SUFFIX.length)
  const [, scheme, domain] = /^(?:([^:/\s]*):\/\/)?(.*)$/.exec(origin) as string[]
  if (scheme !== undefined) check(() => checkScheme(scheme))
  check(() => checkDomain(domain as string))
  const address = lines[1]
  if (address === undefined || !isSolanaAddress(address))
    throw new SiwsMessageError('address on the second line must be a Solana address')

  const message: SiwsMessage = { domain: domain as string, address }
  if (scheme !== undefined) message.scheme = scheme
  let at = 2
  const blank = () => {
    if (lines[at] !== '') throw new SiwsMessageError(`line ${at + 1} must be blank`)
    at++
  }
  const isField = (line: string | undefined) =>
    line !== undefined &&
    (line === 'Resources:' || FIELDS.some(([, label]) => line.startsWith(`${label}: `)))
  if (at < lines.length) {
    blank()
    if (!isField(lines[at])) {
      const statement = lines[at++] as string
      check(() => checkStatement(statement))
      message.statement = statement
      if (at < lines.length) blank()
    }
  }
  for (const [key, label] of FIELDS) {
    const line = lines[at]
    if (!line?.startsWith(`${label}: `)) continue
    message[key] = line.slice(label.length + 2) as never
    at++
  }
  if (lines[at] === 'Resources:') {
    at++
    message.resources = []
    while (lines[at]?.startsWith('- ')) message.resources.push((lines[at++] as string).slice(2))
  }
  if (at < lines.length) throw new SiwsMessageError(`unexpected line ${at + 1}: "${lines[at]}"`)

  if (message.uri !== undefined && !URL.canParse(message.uri))
    throw new SiwsMessageError(`uri "${message.uri}" is not a URI`)
  if (message.version !== undefined) check(() => checkVersion(message.version as string))
  if (message.nonce !== undefined) check(() => checkNonce(message.nonce as string))
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = message[field]
    if (value !== undefined) check(() => checkTime(field, value))
  }
  if (message.requestId !== undefined) check(() => checkRequestId(message.requestId as string))
  for (const field of required)
    if (message[field] === undefined) throw new SiwsMessageError(`${field} is missing`)
  return message
}
