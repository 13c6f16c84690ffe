import type { Text } from '@latch/protocol/i18n'
import { parseUnits } from 'viem'
import { phrase } from '../i18n/phrases.ts'

/** What the user typed as an amount: empty, a usable amount in the smallest unit, or why not. */
export type ParsedAmount =
  | { status: 'empty' }
  | { status: 'valid'; value: bigint }
  | { status: 'invalid'; message: Text }

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/**
 * Reads a decimal amount in whole units of a token (`'0.1'`, `'.5'`, `'12.'`) into its smallest
 * unit, exactly: no floating point. Refuses what is not a plain number, zero, and more decimals
 * than the token has, each with the message the Swap view shows.
 * @example parseSwapAmount('1.5', 6, 'USDC') // { status: 'valid', value: 1500000n }
 */
export function parseSwapAmount(input: string, decimals: number, symbol: string): ParsedAmount {
  const text = input.trim()
  if (text === '') return { status: 'empty' }
  const match = DECIMAL.exec(text)
  if (!match || text === '.') return { status: 'invalid', message: 'Enter a number, e.g. 0.1' }
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) {
    return {
      status: 'invalid',
      message:
        decimals === 0
          ? phrase('swap.noDecimals', { symbol })
          : phrase('swap.atMostDecimals', { symbol, count: decimals }),
    }
  }
  const value = parseUnits(`${match[1] || '0'}.${fraction || '0'}`, decimals)
  if (value === 0n) return { status: 'invalid', message: 'Enter an amount greater than 0' }
  return { status: 'valid', value }
}
