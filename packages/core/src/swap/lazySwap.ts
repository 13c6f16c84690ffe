import type { CaipAddress } from '@latch/protocol'
import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import type { LoadsCode } from '../lazy/types.ts'
import { createStore } from '../store.ts'
import type { SwapController, SwapDeps } from './createSwap.ts'
import { initialSwapState } from './initialState.ts'
import { isValidSlippage } from './minimumReceived.ts'
import type { SwapState } from './types.ts'

/**
 * `latch.swap`: its state is there at once, its code (quotes, approve then swap) loads with the
 * Swap view or on the first call.
 */
export function createLazySwap(deps: Omit<SwapDeps, 'store'>): SwapController & LoadsCode {
  const store = createStore<SwapState>(initialSwapState())
  const code = lazyCode(() =>
    import('./createSwap.ts').then(({ createSwap }) => createSwap({ ...deps, store })),
  )
  return {
    state: store,
    async loadCode() {
      await code.load()
    },
    load: deferred(code, (swap) => swap.load()),
    setFrom: deferred(code, (swap, token: CaipAddress) => swap.setFrom(token)),
    setTo: deferred(code, (swap, token: CaipAddress) => swap.setTo(token)),
    flip: deferred(code, (swap) => swap.flip()),
    setAmount: deferred(code, (swap, amount: string) => swap.setAmount(amount)),
    setMax: deferred(code, (swap) => swap.setMax()),
    setSlippage(percent) {
      const swap = code.current()
      if (swap) return swap.setSlippage(percent)
      void code.load().then((loaded) => loaded.setSlippage(percent))
      return isValidSlippage(percent)
    },
    refreshQuote: deferred(code, (swap) => swap.refreshQuote()),
    swap: deferred(code, (swap) => swap.swap()),
    startOver: deferred(code, (swap) => swap.startOver()),
    reset() {
      // Nothing loaded: nothing to stop, only the state to clear.
      const swap = code.current()
      if (swap) swap.reset()
      else store.set(initialSwapState())
    },
  }
}
