import type { CaipAddress } from '@latch/protocol'
import type { ConnectedUser } from '@latch/protocol/frame'
import type { ACCOUNT_TABS } from '../constants.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import { createStore, type ReadableStore } from '../store.ts'

/** A tab of the Account view: one of ACCOUNT_TABS, which lists them in order. */
export type AccountTab = (typeof ACCOUNT_TABS)[number]
export type AccountType = 'eoa' | 'smartAccount'

/** Connected wallet info: name, icon, identifier, social. */
export type ConnectedWalletInfo = {
  name: string
  icon?: string
  identifier?: string
  social?: string
}

/** One namespace's account: address, balance, profile, user and the connected wallet. */
export type AccountState = {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  profileName?: string | null
  profileImage?: string | null
  /**
   * The server could not say what the account's name is (its identity lookup failed, as during a
   * chain outage): `profileName` is then unknown, not absent, so no "no name" state should show.
   */
  profileUnavailable?: boolean
  /** The embedded wallet's user: set for email and social logins. */
  user?: ConnectedUser
  addressExplorerUrl?: string
  smartAccountDeployed?: boolean
  currentTab: AccountTab
  tokenBalance?: unknown[]
  allAccounts: { namespace: ChainNamespace; address: string; type: AccountType }[]
  addressLabels: Record<string, string>
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  /** The provider of a social login, e.g. `google`. */
  socialProvider?: string
  /** The popup of a social login in progress. */
  socialWindow?: unknown
  farcasterUrl?: string
  connectedWalletInfo?: ConnectedWalletInfo
}

export type AccountsState = {
  activeNamespace: ChainNamespace
  byNamespace: Partial<Record<ChainNamespace, AccountState>>
}

export const emptyAccount = (): AccountState => ({
  status: 'disconnected',
  currentTab: 'Tokens',
  allAccounts: [],
  addressLabels: {},
  preferredAccountTypes: {},
})

/** Per-namespace account state; one controller per Latch instance. */
export function createAccountController(activeNamespace: ChainNamespace = 'eip155') {
  const store = createStore<AccountsState>({ activeNamespace, byNamespace: {} })
  const get = (namespace: ChainNamespace = store.get().activeNamespace) =>
    store.get().byNamespace[namespace] ?? emptyAccount()
  return {
    state: store as ReadableStore<AccountsState>,
    get,
    /** Merges fields into one namespace's account. */
    update(namespace: ChainNamespace, patch: Partial<AccountState>) {
      store.set((state) => ({
        byNamespace: { ...state.byNamespace, [namespace]: { ...get(namespace), ...patch } },
      }))
    },
    /** Forgets one namespace's account (disconnect): back to the empty state, tab Tokens. */
    reset(namespace: ChainNamespace) {
      store.set((state) => ({ byNamespace: { ...state.byNamespace, [namespace]: emptyAccount() } }))
    },
    setActiveNamespace(namespace: ChainNamespace) {
      store.set({ activeNamespace: namespace })
    },
  }
}

export type AccountController = ReturnType<typeof createAccountController>
