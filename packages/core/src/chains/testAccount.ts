import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ReadableStore } from '../store.ts'
import { createStore } from '../store.ts'

/** An EVM account in the active-account store's CAIP form. */
export const evmAccount = (address: string, chainId: number): ActiveAccount => ({
  namespace: 'eip155',
  address,
  caipAddress: `eip155:${chainId}:${address}`,
  caipNetworkId: `eip155:${chainId}`,
})

/** An active-account store a test moves as the wallet would (connect, switch, disconnect). */
export function createTestAccount(
  initial?: ActiveAccount,
): ReadableStore<ActiveAccount | undefined> & { set(account: ActiveAccount | undefined): void } {
  const store = createStore<{ current: ActiveAccount | undefined }>({ current: initial })
  return {
    get: () => store.get().current,
    subscribe: (listener) =>
      store.subscribe((state, previous) => listener(state.current, previous.current)),
    set: (current) => store.set({ current }),
  }
}
