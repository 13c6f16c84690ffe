import type { ChainNamespace } from '../siteTypes.ts'
import { createStore, type ReadableStore, selectStore } from '../store.ts'
import type { WalletOption } from './connection.ts'
import type { FamilyWalletOption, mergeWallets } from './mergeWallets.ts'
import type { ChainAdapter } from './types.ts'

export type WalletList = {
  /** Every loaded family's wallets, as the modal lists them. */
  readonly wallets: ReadableStore<FamilyWalletOption[]>
  /** Lists the loaded families' wallets again (a family loaded, or its wallets changed). */
  refresh(): void
  /**
   * From now on a wallet several families announce under one name is one entry: the merge's code
   * is only loaded by a site with several families.
   */
  mergeWith(merge: typeof mergeWallets): void
}

/**
 * The wallets of the families loaded so far: EVM's first (its entries stand for a wallet offering
 * several families), then in the site's order. Until `mergeWith`, each family's wallets are listed
 * apart, each with its id in that one family.
 */
export function createWalletList(deps: {
  namespaces: readonly ChainNamespace[]
  adapters: Readonly<Partial<Record<ChainNamespace, Pick<ChainAdapter, 'namespace' | 'wallets'>>>>
}): WalletList {
  const list = createStore<{ list: FamilyWalletOption[] }>({ list: [] })
  const order = ['eip155', ...deps.namespaces.filter((namespace) => namespace !== 'eip155')]
  let merge: typeof mergeWallets | undefined
  const separately = (lists: (readonly [ChainNamespace, readonly WalletOption[]])[]) =>
    lists.flatMap(([namespace, wallets]) =>
      wallets.map((option) => ({ ...option, connectors: { [namespace]: option.id } })),
    )
  const refresh = () => {
    const lists = order
      .map((namespace) => deps.adapters[namespace as ChainNamespace])
      .filter((family) => family !== undefined)
      .map((family) => [family.namespace, family.wallets.get()] as const)
    list.set({ list: merge ? merge(lists) : separately(lists) })
  }
  return {
    wallets: selectStore(list, (state) => state.list),
    refresh,
    mergeWith(code) {
      merge = code
      refresh()
    },
  }
}
