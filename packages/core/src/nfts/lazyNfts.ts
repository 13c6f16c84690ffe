import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import type { LoadsCode } from '../lazy/types.ts'
import { createStore } from '../store.ts'
import type { NftsController, NftsDeps } from './createNfts.ts'
import { initialNftsState, type NftsState } from './types.ts'

/**
 * `latch.nfts`: its state is there at once, its code (the list, sending one) loads with the
 * NFTs tab or on the first call.
 */
export function createLazyNfts(deps: Omit<NftsDeps, 'store'>): NftsController & LoadsCode {
  const store = createStore<NftsState>(initialNftsState())
  const code = lazyCode(() =>
    import('./createNfts.ts').then(({ createNfts }) => createNfts({ ...deps, store })),
  )
  return {
    state: store,
    async loadCode() {
      await code.load()
    },
    load: deferred(code, (nfts) => nfts.load()),
    loadMore: deferred(code, (nfts) => nfts.loadMore()),
    setShowHidden: (show) => store.set({ showHidden: show }),
    open: deferred(code, (nfts, key: string) => nfts.open(key)),
    close: deferred(code, (nfts) => nfts.close()),
    setReceiver: deferred(code, (nfts, receiver: string) => nfts.setReceiver(receiver)),
    setAmount: deferred(code, (nfts, amount: string) => nfts.setAmount(amount)),
    send: deferred(code, (nfts) => nfts.send()),
  }
}
