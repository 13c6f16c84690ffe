import type { CaipAddress, SwapToken } from '@latch/protocol'
import { isNativeToken } from './isNativeToken.ts'

/**
 * The pair the Swap view opens with: the native coin for the first other token the server lists,
 * skipping the wrapped native coin (WETH for ETH: the same asset, wrapped, not swapped).
 * @example defaultPair(tokens) // { from: 'eip155:1:0xeeee...', to: 'eip155:1:0xa0b8...' (USDC) }
 */
export function defaultPair(tokens: readonly SwapToken[]): {
  from?: CaipAddress
  to?: CaipAddress
} {
  const native = tokens.find((token) => isNativeToken(token.address))
  const from = native ?? tokens[0]
  const others = tokens.filter((token) => token !== from)
  const wrapped = native ? `W${native.symbol}`.toUpperCase() : undefined
  const to = others.find((token) => token.symbol.toUpperCase() !== wrapped) ?? others[0]
  return { ...(from ? { from: from.address } : {}), ...(to ? { to: to.address } : {}) }
}
