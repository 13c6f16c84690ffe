import { z } from 'zod'
import { evmAddress, withEvmChecksum } from './addressSchemas.ts'
import { clientQuery } from './api.ts'

export {
  chainOfCoinType,
  coinTypeOfChain,
  DEFAULT_EVM_COIN_TYPE,
  DEFAULT_NAMES_ZONE,
  ETHEREUM_COIN_TYPE,
  formatReadableRegisterNameMessage,
  isEveryEvmChainCoinType,
  NAME_ATTRIBUTE_MAX_LENGTH,
  NAME_ATTRIBUTES,
  NAME_LABEL_MAX_LENGTH,
  NAME_LABEL_MIN_LENGTH,
  NAME_LABEL_PATTERN,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  parseReadableRegisterNameMessage,
  type ReadableRegisterNameMessage,
  type RegisterNameMessage,
} from './names.ts'

import { text, wholeNumberText } from './text.ts'

// Names: `/v1/profile/*`, in the shapes AppKit-style clients use. A name is
// `<label>.<zone>` (zone from the server's config, default `latch.id`), owned by the address that
// signed its registration message. Coin types follow ENSIP-11.

const coinType = z.number().int().nonnegative().max(0xffffffff)
const hexSignature = text()
  .regex(/^0x([0-9a-fA-F]{2})+$/, 'signature must be 0x-prefixed hex')
  .max(65_536, 'signature is too long')

/**
 * POST /v1/profile/account. `message` is the text the address signed (EIP-191; ERC-1271 or
 * ERC-6492 for a smart account, checked on the coin type's chain, or on any configured EVM chain
 * for 60 and ENSIP-19's default EVM coin type): the readable form the kit signs
 * (formatReadableRegisterNameMessage: name, address, attributes, issued-at time, a line each), or
 * the JSON text of `{ name, attributes?, timestamp }` (unix seconds) that earlier clients sign.
 */
export const registerNameBody = z.object({
  coin_type: coinType,
  address: evmAddress,
  message: text({ multiline: true }).min(1).max(4096),
  signature: hexSignature,
})
/** What a caller sends: `address` plain or CAIP-10 (the route reads it as plain 0x). */
export type RegisterNameBody = z.input<typeof registerNameBody>

/** POST /v1/profile/account/{name}/attributes: message `{ attributes, timestamp }`, signed by an address of the name. */
export const updateNameAttributesBody = registerNameBody
/** POST /v1/profile/account/{name}/address: message `{ coin_type, address, timestamp }`, signed by an address of the name. */
export const updateNameAddressBody = registerNameBody

export { type NameRecord, nameRecord } from './answers/profile.ts'

export const nameParams = z.object({ name: text().min(1).max(300) })
export const profileAddressParams = z.object({ address: evmAddress })

/** `apiVersion=2`: a name not found is `[]` (200) instead of 404. */
export const profileQuery = clientQuery.extend({
  apiVersion: wholeNumberText().optional(),
  /** Any text, not read; an EVM address in it is still refused mistyped, as everywhere. */
  sender: withEvmChecksum(text().max(128)).optional(),
})

export const suggestionsQuery = clientQuery.extend({ zone: text().min(1).max(253).optional() })
export { type NameSuggestions, suggestionsResponse } from './answers/profile.ts'
