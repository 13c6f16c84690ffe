import {
  EVM_CHECKSUM_MESSAGE,
  evmAddressProblem,
  NAME_ATTRIBUTE_MAX_LENGTH,
  NAME_ATTRIBUTES,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  parseReadableRegisterNameMessage,
  textProblem,
} from '@latch/protocol'
import { z } from 'zod'
import { HttpError } from '../errors.ts'
import { isLocalhostOrigin } from '../projects.ts'

/** A name's attributes by key (only NAME_ATTRIBUTES). */
export type NameAttributes = Partial<Record<(typeof NAME_ATTRIBUTES)[number], string>>

const attributesShape = z.record(z.string(), z.string())
const timestamp = z.number()

// Strict: a field the server would ignore (an avatar beside `attributes`) is refused, not dropped.
const shapes = {
  register: z.strictObject({ name: z.string(), attributes: attributesShape.optional(), timestamp }),
  attributes: z.strictObject({ name: z.string(), attributes: attributesShape, timestamp }),
  address: z.strictObject({
    name: z.string(),
    coin_type: z.number().int().nonnegative().max(0xffffffff),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    timestamp,
  }),
}

/** The three signed messages: a registration, an attributes update, an address update. */
export type MessageKind = keyof typeof shapes
/** What a message of that kind says, once parsed. */
export type SignedMessage<Kind extends MessageKind> = z.infer<(typeof shapes)[Kind]>

/** The 400 for a message that is not the text the route expects. */
export const MALFORMED_MESSAGES: Record<MessageKind, string> = {
  register:
    'message must be the readable registration message (Register a name, then Name, Address, ' +
    'Attributes and Issued at, a line each) or the JSON text of { name, attributes, timestamp }',
  attributes: 'message must be the JSON text of { name, attributes, timestamp }',
  address: 'message must be the JSON text of { name, coin_type, address, timestamp }',
}

/**
 * A signed registration: the readable form the kit signs (which also names the address that
 * registers), or the JSON form earlier clients sign; a 400 otherwise.
 */
export function parseRegisterMessage(
  text: string,
): SignedMessage<'register'> & { address?: string } {
  const readable = parseReadableRegisterNameMessage(text)
  if (!readable) return parseSignedMessage('register', text)
  checkMessageAddress(readable.address)
  return readable
}

/**
 * A 400 when the address a message names is mixed case that is not its EIP-55 checksum: a name
 * must never point at a mistyped address, where what is sent to the name would be lost.
 */
function checkMessageAddress(address: string | undefined): void {
  if (address !== undefined && evmAddressProblem(address) === 'checksum')
    throw new HttpError(400, `message.address: ${EVM_CHECKSUM_MESSAGE}`)
}

/** The JSON inside a signed `message`, in the shape of its kind; a 400 otherwise. */
export function parseSignedMessage<Kind extends MessageKind>(
  kind: Kind,
  text: string,
): SignedMessage<Kind> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new HttpError(400, MALFORMED_MESSAGES[kind])
  }
  const parsed = shapes[kind].safeParse(json)
  if (!parsed.success) throw new HttpError(400, MALFORMED_MESSAGES[kind])
  checkMessageAddress('address' in parsed.data ? parsed.data.address : undefined)
  return parsed.data as SignedMessage<Kind>
}

/**
 * A signed message is fresh within NAME_MESSAGE_MAX_AGE_SECONDS of the server's clock, either
 * way: an old signature cannot be replayed later, and a device clock a little off still works.
 */
export function checkTimestamp(timestampSeconds: number, nowMs: number): void {
  const skew = Math.abs(nowMs / 1000 - timestampSeconds)
  if (skew > NAME_MESSAGE_MAX_AGE_SECONDS)
    throw new HttpError(
      400,
      `Message timestamp must be within ${NAME_MESSAGE_MAX_AGE_SECONDS} seconds of the server's ` +
        `time (${new Date(nowMs).toISOString()}), in unix seconds: sign a new message`,
    )
}

const allowedKeys: readonly string[] = NAME_ATTRIBUTES

/**
 * Checks attributes against the allowed set and their limits; an empty value means "none" (an
 * update removes that attribute). Avatars are https: or data:image/ URLs, or with
 * `allowLocalhost` (development) http: on localhost: an image any page can show.
 */
export function checkAttributes(
  attributes: Record<string, string>,
  options: { allowLocalhost: boolean },
): NameAttributes {
  for (const [key, value] of Object.entries(attributes)) {
    if (!allowedKeys.includes(key))
      throw new HttpError(
        400,
        `Unknown attribute "${key}": a name's attributes are ${NAME_ATTRIBUTES.join(', ')}`,
      )
    // The value comes from JSON inside the signed text, where "\u0000" or "\ud800" is plain
    // ASCII: only now is it a character the database cannot store in the name's JSON.
    const problem = textProblem(value, { multiline: true })
    if (problem) throw new HttpError(400, `Attribute ${key}: ${problem}`)
    if (value.length > NAME_ATTRIBUTE_MAX_LENGTH)
      throw new HttpError(
        400,
        `Attribute ${key} is longer than ${NAME_ATTRIBUTE_MAX_LENGTH} characters`,
      )
    if (key === 'avatar' && value !== '' && !isImageUrl(value, options.allowLocalhost))
      throw new HttpError(
        400,
        'Attribute avatar must be an https: URL or a data:image/ URL' +
          (options.allowLocalhost ? ' (or http: on localhost)' : ''),
      )
  }
  return attributes as NameAttributes
}

function isImageUrl(value: string, allowLocalhost: boolean): boolean {
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return true
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  if (url.protocol === 'https:') return true
  return allowLocalhost && url.protocol === 'http:' && isLocalhostOrigin(url.origin)
}
