// The zod-free half of the names contract: the rules and numbers both the page and the
// server need. The page imports this module alone (`@latch/protocol/names`), never profile.ts,
// so its bundle carries no schema library.

/** Letters, digits and hyphens, at least 4 characters; 63 at most (a DNS label). */
export const NAME_LABEL_MIN_LENGTH = 4
export const NAME_LABEL_MAX_LENGTH = 63
export const NAME_LABEL_PATTERN = /^[a-z0-9-]+$/
/** The zone names are registered under when the server's config names none. */
export const DEFAULT_NAMES_ZONE = 'latch.id'
/** A signed message's `timestamp` (unix seconds) may be this far from the server's clock. */
export const NAME_MESSAGE_MAX_AGE_SECONDS = 300
/** Attributes a name may carry. */
export const NAME_ATTRIBUTES = ['avatar', 'bio'] as const
export const NAME_ATTRIBUTE_MAX_LENGTH = 512

/** What the registration message says (the JSON inside `message`). */
export type RegisterNameMessage = {
  name: string
  attributes?: Partial<Record<(typeof NAME_ATTRIBUTES)[number], string>>
  timestamp: number
}

/**
 * ENSIP-11's coin type of Ethereum. Clients send it for an EVM address whatever the chain, so a
 * name's address under it stands for every EVM chain.
 */
export const ETHEREUM_COIN_TYPE = 60
/** ENSIP-19's default EVM coin type (`0x80000000`, chain id 0): an address on every EVM chain. */
export const DEFAULT_EVM_COIN_TYPE = 0x80000000

/**
 * Whether a coin type names an EVM address on every EVM chain (60 and ENSIP-19's default), rather
 * than on one chain (`0x80000000 | chainId`).
 */
export function isEveryEvmChainCoinType(coinType: number): boolean {
  return coinType === ETHEREUM_COIN_TYPE || coinType === DEFAULT_EVM_COIN_TYPE
}

/** ENSIP-11: 60 for Ethereum mainnet, `0x80000000 | chainId` for any other EVM chain. */
export function coinTypeOfChain(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}

/** The EVM chain of an ENSIP-11 coin type, or undefined for a coin type that is not an EVM chain. */
export function chainOfCoinType(coinType: number): number | undefined {
  if (coinType === 60) return 1
  if (coinType >= 0x80000000 && coinType <= 0xffffffff) return coinType - 0x80000000
  return undefined
}

/** The first line of a readable registration message: what the wallet shows its user first. */
const READABLE_REGISTER_TITLE = 'Register a name'

/**
 * What a readable registration message binds: the JSON form's fields, and the signer. Any
 * attribute reads back; the server refuses those it does not know.
 */
export type ReadableRegisterNameMessage = Omit<RegisterNameMessage, 'attributes'> & {
  address: string
  attributes?: Record<string, string>
}

const isoSeconds = (timestamp: number) =>
  new Date(timestamp * 1000).toISOString().replace('.000Z', 'Z')

/**
 * The text a wallet shows when registering a name: one field a line, in words, binding the same
 * fields as the JSON form (name, attributes, timestamp) and the address that registers. The server
 * reads it back with parseReadableRegisterNameMessage.
 * @example formatReadableRegisterNameMessage({ name: 'alice.latch.id', address, attributes: {}, timestamp: 1767323045 })
 * // 'Register a name\n\nName: alice.latch.id\nAddress: 0x7099...\nAttributes: none\nIssued at: 2026-01-02T03:04:05Z'
 */
export function formatReadableRegisterNameMessage(message: ReadableRegisterNameMessage): string {
  const attributes = message.attributes ?? {}
  return [
    READABLE_REGISTER_TITLE,
    '',
    `Name: ${message.name}`,
    `Address: ${message.address}`,
    // JSON keeps any attribute value on one line (a bio may hold line breaks).
    `Attributes: ${Object.keys(attributes).length === 0 ? 'none' : JSON.stringify(attributes)}`,
    `Issued at: ${isoSeconds(message.timestamp)}`,
  ].join('\n')
}

const READABLE_REGISTER_PATTERN = new RegExp(
  `^${READABLE_REGISTER_TITLE}\\n\\nName: ([^\\n]+)\\nAddress: (0x[0-9a-fA-F]{40})\\nAttributes: (none|\\{[^\\n]*\\})\\nIssued at: (\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z)$`,
)

/**
 * The fields of a readable registration message, or undefined when the text is not exactly one
 * (any other line, a missing field, an attribute that is not a string: not this message).
 */
export function parseReadableRegisterNameMessage(
  text: string,
): ReadableRegisterNameMessage | undefined {
  const match = READABLE_REGISTER_PATTERN.exec(text)
  if (!match) return undefined
  const [, name = '', address = '', attributesText = '', issuedAt = ''] = match
  let attributes: Record<string, string> = {}
  if (attributesText !== 'none') {
    let parsed: unknown
    try {
      parsed = JSON.parse(attributesText)
    } catch {
      return undefined
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
    if (!Object.values(parsed).every((value) => typeof value === 'string')) return undefined
    attributes = parsed as Record<string, string>
  }
  const timestamp = Date.parse(issuedAt) / 1000
  // A date that does not exist (Feb 30) parses to another day or not at all: refused.
  if (!Number.isInteger(timestamp) || isoSeconds(timestamp) !== issuedAt) return undefined
  return { name, address, attributes, timestamp }
}
