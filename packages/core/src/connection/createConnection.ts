import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS, RECENT_WALLETS_MAX } from '../constants.ts'
import type { ConnectSuccessMethod, EventsController } from '../events/index.ts'
import type { WalletSummary } from '../router/types.ts'
import { type LatchStorage, STORAGE_KEYS } from '../storage/index.ts'
import { createStore, type ReadableStore } from '../store.ts'
import { isWalletLinking, isWalletSummaryList } from './guards.ts'
import type { Connection, ConnectionState, ConnectionStatus, WalletLinking } from './types.ts'

export type ConnectionDeps = {
  storage: LatchStorage
  events: EventsController
  /** Defaults to `Date.now`. */
  now?: () => number
  /** The CAIP-2 network the wallet connected on, for CONNECT_SUCCESS. */
  chain?: () => string | undefined
}

export type FinalizeConnection = {
  wallet: WalletSummary
  method: ConnectSuccessMethod
  /** The deep link used, when the wallet was reached through one. */
  linking?: WalletLinking
}

export type ConnectionController = {
  state: ReadableStore<ConnectionState>
  setStatus(status: ConnectionStatus): void
  setConnections(connections: readonly Connection[]): void
  setBuffering(buffering: boolean): void
  /** Marks the wallet being connected; does not add it to the recent wallets. */
  setRecentWallet(wallet: WalletSummary | undefined): void
  /** Puts the wallet first among the recent wallets, keeps at most 2, and stores them. */
  recordRecentWallet(wallet: WalletSummary): void
  /** Sets the pairing URI and its expiry, 4 min from now; undefined clears both. */
  setWcUri(uri: string | undefined): void
  /** True when there is no pairing or it expires within 10 s, too soon to show its QR. */
  isPairingExpired(now?: number): boolean
  setWcError(wcError: boolean): void
  /** Sets and stores the deep link choice; undefined clears both. */
  setWcLinking(linking: WalletLinking | undefined): void
  /** Clears URI, expiry, linking, recent wallet and stored deep link; sets disconnected. */
  reset(): void
  /** Stores the deep link and recent wallet and tracks CONNECT_SUCCESS with the method. */
  finalize(connection: FinalizeConnection): void
}

/**
 * Creates the connection state of one instance (status, pairing, linking), restoring the recent
 * wallets and deep link choice from storage.
 * @example const connection = createConnection({ storage: createStorage(), events: createEvents() })
 */
export function createConnection(deps: ConnectionDeps): ConnectionController {
  const { storage, events } = deps
  const now = deps.now ?? (() => Date.now())
  const storedRecentWallets = () =>
    storage.getJson(STORAGE_KEYS.recentWallets, isWalletSummaryList) ?? []

  const store = createStore<ConnectionState>({
    status: 'disconnected',
    connections: [],
    wcLinking: storage.getJson(STORAGE_KEYS.deepLinkChoice, isWalletLinking),
    wcError: false,
    buffering: false,
    recentWallets: storedRecentWallets().slice(0, RECENT_WALLETS_MAX),
  })

  function setWcLinking(linking: WalletLinking | undefined) {
    store.set({ wcLinking: linking })
    if (linking) storage.setJson(STORAGE_KEYS.deepLinkChoice, linking)
    else storage.removeItem(STORAGE_KEYS.deepLinkChoice)
  }

  function recordRecentWallet(wallet: WalletSummary) {
    const entry = summarize(wallet)
    // Start from what is stored, so a wallet another instance or tab recorded is not dropped.
    const known = [...storedRecentWallets(), ...store.get().recentWallets]
    const recentWallets = [entry, ...known.filter((w) => w.id !== entry.id)]
      .filter((w, index, all) => all.findIndex((other) => other.id === w.id) === index)
      .slice(0, RECENT_WALLETS_MAX)
    store.set({ recentWallets })
    storage.setJson(STORAGE_KEYS.recentWallets, recentWallets)
  }

  return {
    state: store,
    setStatus: (status) => store.set({ status }),
    setConnections: (connections) => store.set({ connections }),
    setBuffering: (buffering) => store.set({ buffering }),
    setRecentWallet: (wallet) => store.set({ recentWallet: wallet }),
    recordRecentWallet,
    setWcUri(uri) {
      store.set({ wcUri: uri, wcPairingExpiry: uri ? now() + PAIRING_EXPIRY_MS : undefined })
    },
    isPairingExpired(at = now()) {
      const expiry = store.get().wcPairingExpiry
      return expiry === undefined || at >= expiry - PAIRING_EXPIRY_MARGIN_MS
    },
    setWcError: (wcError) => store.set({ wcError }),
    setWcLinking,
    reset() {
      store.set({
        wcUri: undefined,
        wcPairingExpiry: undefined,
        wcLinking: undefined,
        recentWallet: undefined,
        status: 'disconnected',
      })
      storage.removeItem(STORAGE_KEYS.deepLinkChoice)
    },
    finalize({ wallet, method, linking }) {
      const chosen = linking ?? store.get().wcLinking
      if (chosen) setWcLinking(chosen)
      store.set({ recentWallet: wallet })
      recordRecentWallet(wallet)
      const chain = deps.chain?.()
      events.emit({
        type: 'track',
        event: 'CONNECT_SUCCESS',
        properties: { method, name: wallet.name, walletId: wallet.id, ...(chain ? { chain } : {}) },
      })
    },
  }
}

// Only the known fields are stored, so a registry entry passed in whole does not bloat storage.
function summarize({ id, name, imageUrl, rdns }: WalletSummary): WalletSummary {
  return {
    id,
    name,
    ...(imageUrl !== undefined ? { imageUrl } : {}),
    ...(rdns !== undefined ? { rdns } : {}),
  }
}
