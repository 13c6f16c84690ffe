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

// CAIP-122's plain-text sign-in message, as the non-EVM families write it (Sign In With Solana,
// Sign In With Bitcoin): EIP-4361's layout with the family's name in the header and the address
// in the family's form. Each family names its header and address check and its error class.

/**
 * A CAIP-122 sign-in message. Every field after the address is optional in the format; a server
 * that opens sessions requires uri, version, nonce and issuedAt.
 */
export type Caip122Message = {
  scheme?: string
  domain: string
  address: string
  statement?: string
  uri?: string
  version?: '1'
  /** As the wallet wrote it: a CAIP-2 id, its reference, or a name the family's wallets use. */
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** How one family writes the message: its header's ending and what an address of it is. */
export type Caip122Family = {
  /** What follows the domain on the first line, e.g. ' wants you to sign in with your Solana account:'. */
  headerSuffix: string
  isAddress(address: string): boolean
  /** The problem named when the second line is not an address, e.g. 'address ... must be a Solana address'. */
  addressProblem: string
  /** The family's error for a message that does not follow the format. */
  error(problem: string): Error
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

/** Runs one of the shared EIP-4361 field checks, reporting in the family's error. */
function check(family: Caip122Family, run: () => void): void {
  try {
    run()
  } catch (error) {
    if (error instanceof SiweMessageError) throw family.error(error.shortMessage)
    throw error
  }
}

/**
 * The text of a message as the family's wallets write it: the header and address, then the
 * statement after a blank line when there is one, then the fields given, after a blank line.
 * `parseCaip122Message` reads it back.
 */
export function formatCaip122Message(family: Caip122Family, message: Caip122Message): string {
  const origin = message.scheme ? `${message.scheme}://${message.domain}` : message.domain
  let text = `${origin}${family.headerSuffix}\n${message.address}`
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
 * Reads a message of the family. With `required`, those fields must be present (a sign-in server
 * needs uri, version, nonce and issuedAt). Throws the family's error naming the first field
 * missing or invalid.
 */
export function parseCaip122Message(
  family: Caip122Family,
  text: string,
  required: readonly (keyof Caip122Message)[] = [],
): Caip122Message {
  const lines = text.split('\n')
  const header = lines[0] ?? ''
  const suffix = family.headerSuffix
  if (!header.endsWith(suffix)) throw family.error(`the first line must be "<domain>${suffix}"`)
  const origin = header.slice(0, -suffix.length)
  const [, scheme, domain] = /^(?:([^:/\s]*):\/\/)?(.*)$/.exec(origin) as string[]
  if (scheme !== undefined) check(family, () => checkScheme(scheme))
  check(family, () => checkDomain(domain as string))
  const address = lines[1]
  if (address === undefined || !family.isAddress(address)) throw family.error(family.addressProblem)

  const message: Caip122Message = { domain: domain as string, address }
  if (scheme !== undefined) message.scheme = scheme
  let at = 2
  const blank = () => {
    if (lines[at] !== '') throw family.error(`line ${at + 1} must be blank`)
    at++
  }
  const isField = (line: string | undefined) =>
    line !== undefined &&
    (line === 'Resources:' || FIELDS.some(([, label]) => line.startsWith(`${label}: `)))
  if (at < lines.length) {
    blank()
    if (!isField(lines[at])) {
      const statement = lines[at++] as string
      check(family, () => checkStatement(statement))
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
  if (at < lines.length) throw family.error(`unexpected line ${at + 1}: "${lines[at]}"`)

  if (message.uri !== undefined && !URL.canParse(message.uri))
    throw family.error(`uri "${message.uri}" is not a URI`)
  if (message.version !== undefined) check(family, () => checkVersion(message.version as string))
  if (message.nonce !== undefined) check(family, () => checkNonce(message.nonce as string))
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = message[field]
    if (value !== undefined) check(family, () => checkTime(field, value))
  }
  if (message.requestId !== undefined)
    check(family, () => checkRequestId(message.requestId as string))
  for (const field of required)
    if (message[field] === undefined) throw family.error(`${field} is missing`)
  return message
}
