import type { OnrampPaymentMethod } from '@latch/protocol/constants'
import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import type { LoadsCode } from '../lazy/types.ts'
import { createStore } from '../store.ts'
import type { OnrampController, OnrampDeps } from './createOnramp.ts'
import { initialOnrampState } from './initialState.ts'
import { knownProviders } from './providers.ts'
import type { OnrampState } from './types.ts'

/**
 * `latch.onramp`: its state (the project's providers, which the Account view's Buy needs) is there
 * at once; its code (currencies, quotes, the checkout and its polling) loads with the on-ramp's
 * views or on the first call.
 */
export function createLazyOnramp(deps: Omit<OnrampDeps, 'store'>): OnrampController & LoadsCode {
  const store = createStore<OnrampState>(initialOnrampState([]))
  const code = lazyCode(() =>
    import('./createOnramp.ts').then(({ createOnramp }) => createOnramp({ ...deps, store })),
  )
  const listed = (id: string) => store.get().providers.some((provider) => provider.id === id)
  return {
    state: store,
    async loadCode() {
      await code.load()
    },
    setProviders(names) {
      const onramp = code.current()
      // Nothing chosen yet before the code loaded: the list is all there is to set.
      if (onramp) onramp.setProviders(names)
      else store.set({ providers: knownProviders(names) })
    },
    selectProvider(id) {
      const onramp = code.current()
      if (onramp) return onramp.selectProvider(id)
      void code.load().then((loaded) => loaded.selectProvider(id))
      return listed(id)
    },
    loadCurrencies: deferred(code, (onramp) => onramp.loadCurrencies()),
    setPaymentAmount: deferred(code, (onramp, amount: string) => onramp.setPaymentAmount(amount)),
    setPurchaseCurrency: deferred(code, (onramp, id: string) => onramp.setPurchaseCurrency(id)),
    setPaymentCurrency: deferred(code, (onramp, id: string) => onramp.setPaymentCurrency(id)),
    setPaymentMethod: deferred(code, (onramp, method: OnrampPaymentMethod) =>
      onramp.setPaymentMethod(method),
    ),
    getQuote: deferred(code, (onramp) => onramp.getQuote()),
    // In the click when loaded (the on-ramp's views load it first): the provider's window opens.
    buy: deferred(code, (onramp) => onramp.buy()),
    reopen: () => code.current()?.reopen() ?? false,
    reset() {
      const onramp = code.current()
      if (onramp) onramp.reset()
      else store.set(initialOnrampState(store.get().providers))
    },
  }
}
