import { displayText } from '../../displayMessage.ts'
import { defaultPair } from '../defaultPair.ts'
import { SWAP_NOT_SUPPORTED } from '../errors.ts'
import { heldBalances } from '../heldBalances.ts'
import { joinBalances } from '../joinBalances.ts'
import type { SwapContext } from '../swapContext.ts'
import type { SwapState } from '../types.ts'

/** Whether the tokens are loaded, or loading, for this account on this network. */
function loadedFor(state: SwapState, current: { chainId: string; address: string }): boolean {
  const same =
    state.chainId === current.chainId &&
    state.address?.toLowerCase() === current.address.toLowerCase()
  return same && (state.tokensStatus === 'ready' || state.tokensStatus === 'loading')
}

/**
 * The tokens the server can swap on the account's network, with the account's balances and USD
 * prices, selling the native coin for the first token by default; nothing when they are loaded
 * for this account and network. A family swaps do not serve is told instead of loading tokens.
 */
export async function loadTokens(context: SwapContext): Promise<void> {
  const { deps } = context
  const current = context.account()
  if (deps.account.get() && !current) {
    context.reset()
    return context.dispatch({ type: 'tokensFailed', message: SWAP_NOT_SUPPORTED })
  }
  if (!current) {
    if (context.state().tokensStatus !== 'idle') context.reset()
    return
  }
  if (loadedFor(context.state(), current)) return
  context.reset()
  const started = context.generation()
  context.dispatch({ type: 'tokensLoading', chainId: current.chainId, address: current.address })
  try {
    const [{ tokens }, batches] = await Promise.all([
      deps.api.convertTokens(current.chainId),
      // A wallet that batches atomically approves and swaps in one confirmation: the button says so.
      deps.evm.supportsAtomicBatch?.(current.evmChainId).catch(() => false) ?? false,
    ])
    const priced = await deps.api
      .fungiblePrice(tokens.map((token) => token.address))
      .catch(() => ({ fungibles: [] }))
    if (started !== context.generation()) return
    const prices = new Map(
      priced.fungibles.map((entry) => [entry.address.toLowerCase(), entry.price]),
    )
    context.catalogue = { tokens, prices }
    const joined = joinBalances(tokens, heldBalances(context, context.state()), prices)
    context.dispatch({ type: 'tokensLoaded', tokens: joined, batches, pair: defaultPair(tokens) })
  } catch (error) {
    // e.g. 'Network not supported for Swaps'.
    if (started === context.generation())
      context.dispatch({ type: 'tokensFailed', message: displayText(error) })
  }
}
