import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { LatchStorage } from '../storage/index.ts'
import { STORAGE_KEYS } from '../storage/index.ts'
import { createStore, type ReadableStore, selectStore } from '../store.ts'
import type { ChainConnection } from './connection.ts'

const NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122', 'polkadot']
const isNamespace = (value: unknown): value is ChainNamespace =>
  NAMESPACES.includes(value as ChainNamespace)
const isNamespaceList = (value: unknown): value is ChainNamespace[] =>
  Array.isArray(value) && value.every(isNamespace)

export type ConnectionsState = {
  /** The family the modal works on: its network is the active one. */
  activeNamespace: ChainNamespace
  /** Each configured family's wallet connection (a wallet may connect several at once). */
  byNamespace: Partial<Record<ChainNamespace, ChainConnection>>
}

export type ConnectionsController = {
  state: ReadableStore<ConnectionsState>
  /** The active family's connected account, or undefined. */
  activeAccount: ReadableStore<ActiveAccount | undefined>
  /** Follows a family adapter's connection; returns the unsubscribe. */
  track(namespace: ChainNamespace, connection: ReadableStore<ChainConnection>): () => void
  setActiveNamespace(namespace: ChainNamespace): void
}

const activeOf = (state: ConnectionsState): ActiveAccount | undefined => {
  const current = state.byNamespace[state.activeNamespace]
  if (current?.status !== 'connected') return undefined
  return {
    namespace: state.activeNamespace,
    address: current.address,
    caipAddress: current.caipAddress,
    caipNetworkId: current.caipNetworkId,
  }
}

/**
 * The wallet connections of every configured family, keyed by namespace, and which family is
 * active. The active namespace and the connected namespaces are kept in storage, so a reload
 * comes back on the family the visitor left.
 */
export function createConnections(deps: {
  storage: LatchStorage
  /** The families the site configured; the first is active unless storage names another. */
  namespaces: readonly ChainNamespace[]
}): ConnectionsController {
  const [first = 'eip155'] = deps.namespaces
  const stored = deps.storage.getItem(STORAGE_KEYS.activeNamespace)
  const store = createStore<ConnectionsState>({
    activeNamespace: isNamespace(stored) && deps.namespaces.includes(stored) ? stored : first,
    byNamespace: {},
  })
  const connected = () =>
    deps.storage.getJson(STORAGE_KEYS.connectedNamespaces, isNamespaceList) ?? []
  const saveConnected = (namespaces: ChainNamespace[]) => {
    if (namespaces.length > 0) deps.storage.setJson(STORAGE_KEYS.connectedNamespaces, namespaces)
    else deps.storage.removeItem(STORAGE_KEYS.connectedNamespaces)
  }
  const setActiveNamespace = (namespace: ChainNamespace) => {
    store.set({ activeNamespace: namespace })
    deps.storage.setItem(STORAGE_KEYS.activeNamespace, namespace)
  }
  let active = activeOf(store.get())
  const activeAccount = createStore({ current: active })
  store.subscribe((state) => {
    const next = activeOf(state)
    const same = next?.caipAddress === active?.caipAddress && next?.namespace === active?.namespace
    if (same) return
    active = next
    activeAccount.set({ current: next })
  })
  return {
    state: store,
    activeAccount: selectStore(activeAccount, (state) => state.current),
    track(namespace, connection) {
      const record = (current: ChainConnection, previous?: ChainConnection) => {
        store.set((state) => ({ byNamespace: { ...state.byNamespace, [namespace]: current } }))
        // Before the wallet reconnects at start-up the family reads disconnected: only a session
        // that ends takes it off the list.
        if (!previous) return
        const listed = connected()
        if (current.status === 'connected') {
          if (!listed.includes(namespace)) saveConnected([...listed, namespace])
          // A family that connects while the active one has no wallet (nor one to reconnect)
          // becomes the active one.
          const { activeNamespace, byNamespace } = store.get()
          if (
            activeNamespace !== namespace &&
            byNamespace[activeNamespace]?.status !== 'connected' &&
            !listed.includes(activeNamespace)
          )
            setActiveNamespace(namespace)
        } else if (current.status === 'disconnected' && previous.status === 'connected') {
          saveConnected(listed.filter((entry) => entry !== namespace))
        }
      }
      record(connection.get())
      return connection.subscribe(record)
    },
    setActiveNamespace,
  }
}

// The send flow still imports the active account's type from here; it lives in the account.
