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
