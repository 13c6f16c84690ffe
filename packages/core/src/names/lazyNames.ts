import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import type { LoadsCode } from '../lazy/types.ts'
import { createStore } from '../store.ts'
import type { NameSuggestionsController, NameSuggestionsState } from './createNameSuggestions.ts'
import type { NameRegistrationState, NamesController, NamesDeps } from './createNames.ts'
import { initialNameSuggestions } from './initialState.ts'

/**
 * `latch.names`: the zone and the states are there at once; the code (suggestions, registration
 * by signature, resolution) loads with the views that use it or on the first call.
 */
export function createLazyNames(deps: Omit<NamesDeps, 'stores'>): NamesController & LoadsCode {
  const stores = {
    suggestions: createStore<NameSuggestionsState>(initialNameSuggestions()),
    registration: createStore<NameRegistrationState>({ status: 'idle' }),
  }
  const code = lazyCode(() =>
    import('./createNames.ts').then(({ createNames }) => createNames({ ...deps, stores })),
  )
  const suggestions: NameSuggestionsController = {
    state: stores.suggestions,
    setInput: deferred(code, (names, input: string) => names.suggestions.setInput(input)),
    markTaken: deferred(code, (names, name: string) => names.suggestions.markTaken(name)),
    reset() {
      const names = code.current()
      if (names) names.suggestions.reset()
      else stores.suggestions.set(initialNameSuggestions())
    },
  }
  return {
    zone: deps.zone,
    suggestions,
    registration: stores.registration,
    async loadCode() {
      await code.load()
    },
    register: deferred(code, (names, label: string) => names.register(label)),
    resolve: deferred(code, (names, name: string) => names.resolve(name)),
    reset() {
      // Nothing loaded: nothing under way, only the states to clear.
      const names = code.current()
      if (names) names.reset()
      else {
        stores.suggestions.set(initialNameSuggestions())
        stores.registration.set({ status: 'idle', name: undefined, error: undefined })
      }
    },
  }
}
