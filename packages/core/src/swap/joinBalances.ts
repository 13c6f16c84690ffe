import type { SwapToken, TokenBalance } from '@latch/protocol'
import { parseUnits } from 'viem'
import { isNativeToken } from './isNativeToken.ts'
import type { SwapTokenOption } from './types.ts'

/**
 * The server's swappable tokens with what the account holds of each and their USD price. `held`
 * undefined means the balances are not known (yet): no balance is claimed. Known balances list
 * only what is held, so a token missing from them is held at 0. The price comes from `prices`
 * (by lower-case CAIP-10 id), else from the balance entry when it has one.
 * @example joinBalances(tokens, balances.state.get().balances, prices)
 */
export function joinBalances(
  tokens: readonly SwapToken[],
  held: readonly TokenBalance[] | undefined,
  prices: ReadonlyMap<string, number>,
): SwapTokenOption[] {
  return tokens.map((token) => {
    const entry = held?.find((balance) =>
      isNativeToken(token.address)
        ? balance.address === undefined
        : balance.address?.toLowerCase() === token.address.toLowerCase(),
    )
    const price = prices.get(token.address.toLowerCase()) ?? (entry?.price || undefined)
    const option: SwapTokenOption = { ...token }
    if (price !== undefined) option.price = price
    if (held) {
      option.balanceNumeric = entry?.quantity.numeric ?? '0'
      option.balance = parseUnits(option.balanceNumeric, token.decimals)
    }
    return option
  })
}
