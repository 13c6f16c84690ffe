import type { SwapContext } from './swapContext.ts'
import type { SwapState } from './types.ts'

/** The account's balances if they are of this account and network, else undefined (unknown). */
export function heldBalances(context: Pick<SwapContext, 'deps'>, state: SwapState) {
  const balances = context.deps.balances.state.get()
  const same =
    balances.chainId === state.chainId &&
    balances.address?.toLowerCase() === state.address?.toLowerCase()
  // A refresh keeps the last list meanwhile: it still counts, so Max and the checks do not blink.
  const known =
    balances.status === 'success' || (balances.status === 'loading' && balances.balances.length > 0)
  return same && known ? balances.balances : undefined
}
