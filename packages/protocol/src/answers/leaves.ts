import * as z from 'zod/mini'
import { type CaipAddress, type CaipNetworkId, isCaipAddress, isCaipNetworkId } from '../caip.ts'
import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  hasLoneSurrogate,
  LONE_SURROGATE_MESSAGE,
} from '../textRules.ts'

// The pieces of the answers' schemas, in zod/mini: the page loads these to check what the server
// answered, and zod's full build (its size, and a JIT probe a strict CSP refuses) stays out of it.
// They check what the request schemas' pieces (`text()`, `caipNetworkId`, ...) check.

/** A one-line string with no control character and no lone surrogate, as `text()`. */
export const answerText = () =>
  z.string().check(
    z.refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE),
    z.refine((value) => !hasLoneSurrogate(value), LONE_SURROGATE_MESSAGE),
  )

/** A CAIP-2 network id such as eip155:1. */
export const caipNetworkIdAnswer = answerText().check(
  z.refine(isCaipNetworkId, 'Expected a CAIP-2 network id such as eip155:1'),
) as unknown as z.ZodMiniType<CaipNetworkId, string>

/** A CAIP-10 account id such as eip155:1:0xabc... */
export const caipAddressAnswer = answerText().check(
  z.refine(isCaipAddress, 'Expected a CAIP-10 account id such as eip155:1:0xabc...'),
) as unknown as z.ZodMiniType<CaipAddress, string>

/** A non-negative decimal number as text, so no precision is lost: `'1234.5678'`. */
export const decimalAnswer = answerText().check(
  z.regex(/^\d+(\.\d+)?$/, 'Expected a non-negative decimal number as a string'),
)

/** A decimal number that may be negative, as text: `'-0.25002'`. */
export const signedDecimalAnswer = answerText().check(
  z.regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal number as a string'),
)

/** A whole number as digits: `'6'`. */
export const digitsAnswer = z.string().check(z.regex(/^\d+$/))

/** The largest uint256: the most an ERC-20 amount or allowance can be. */
export const MAX_UINT256 = 2n ** 256n - 1n

/** Digits only: what BigInt may read without throwing (refinements run after a failed regex). */
export const isDigits = (value: string) => /^\d+$/.test(value)

export const UINT_FORMAT = 'Expected a non-negative integer as a string'
export const UINT_TOO_LARGE = 'Expected an integer below 2^256'

/** A uint256 written in decimal, as the API gives amounts, allowances, gas and gas prices. */
export const uintAnswer = answerText().check(
  z.regex(/^\d+$/, UINT_FORMAT),
  z.refine((value) => !isDigits(value) || BigInt(value) <= MAX_UINT256, UINT_TOO_LARGE),
)
