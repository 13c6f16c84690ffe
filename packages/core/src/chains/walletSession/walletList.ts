import { createStore, type ReadableStore, selectStore } from '../../store.ts'
import type { WalletOption } from '../connection.ts'

/** The wallets a family found in the page, as the modal lists them. */
export type WalletList<Wallet> = {
  options: ReadableStore<WalletOption[]>
  /** Looks again; listeners hear of it only when an entry came, went or changed its icon. */
  refresh(): void
  /** The wallet in the page now with that option id. */
  find(walletId: string): Wallet | undefined
}

/**
 * A family's wallet list over its own discovery (Wallet Standard, injected providers, ...): a
 * wallet of another family registering changes nothing the modal lists, so it tells no one.
 * @example createWalletList(() => findExtensions(window), toOption).refresh()
 */
export function createWalletList<Wallet>(
  discover: () => Wallet[],
  optionOf: (wallet: Wallet) => WalletOption,
): WalletList<Wallet> {
  const store = createStore({ list: discover().map(optionOf) })
  return {
    options: selectStore(store, (state) => state.list),
    refresh() {
      const list = discover().map(optionOf)
      const listed = store.get().list
      const same =
        list.length === listed.length &&
        list.every(
          (option, index) => option.id === listed[index]?.id && option.icon === listed[index]?.icon,
        )
      if (!same) store.set({ list })
    },
    find: (walletId) => discover().find((wallet) => optionOf(wallet).id === walletId),
  }
}
