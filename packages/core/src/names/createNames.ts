import type { NameRecord } from '@latch/protocol'
import type { Text } from '@latch/protocol/i18n'
import { coinTypeOfChain } from '@latch/protocol/names'
import type { Address } from 'viem'
import type { ActiveAccount } from '../account/activeAccount.ts'
import { type ApiClient, HttpStatusError } from '../api/client.ts'
import { evmChainIdOf, serves } from '../chains/serves.ts'
import { ENS_NAME_CACHE_MS } from '../constants.ts'
import { displayMessage, SIGNATURE_DECLINED } from '../displayMessage.ts'
import { LatchError, UserRejectedError } from '../errors.ts'
import type { QueryCache } from '../query/lazyQueryClient.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { createStore, type ReadableStore, type Store } from '../store.ts'
import type { IdentityController } from './createIdentity.ts'
import {
  createNameSuggestions,
  type NameSuggestionsController,
  type NameSuggestionsState,
} from './createNameSuggestions.ts'
import { ERROR_RESOLVING_NAME, NAMES_NAMESPACES, NAMES_NOT_SUPPORTED } from './errors.ts'
import { nameLabelIssue, normalizeNameLabel } from './label.ts'
import { buildRegisterNameMessage } from './registerMessage.ts'
import { resolveName } from './resolveName.ts'

/** Where a registration stands: signing in the wallet, then sent to the server. */
export type NameRegistrationState = {
  status: 'idle' | 'signing' | 'registering' | 'success' | 'error'
  /** The name registered, once `success`. */
  name?: string
  /** Why it failed, as the view shows it inline: the server's message for a refused name. */
  error?: Text
}

export type NamesDeps = {
  api: Pick<ApiClient, 'profileAccount' | 'profileSuggestions' | 'registerName'>
  queryClient: QueryCache
  /** The active account in CAIP form: the account that registers and its chain's coin type. */
  account: ReadableStore<ActiveAccount | undefined>
  signMessage(message: string): Promise<`0x${string}`>
  snackbar: Pick<SnackbarController, 'showError'>
  identity: Pick<IdentityController, 'set'>
  /** The zone names are registered under, e.g. `latch.id`. */
  zone: string
  /** Defaults to `Date.now`. */
  now?: () => number
  /** The states to drive; default new stores (the kit passes the ones its views already read). */
  stores?: {
    suggestions: Store<NameSuggestionsState>
    registration: Store<NameRegistrationState>
  }
}

export type NamesController = {
  /** The zone names are registered under (the `names.zone` option). */
  readonly zone: string
  /** The RegisterAccountName view's input, its checks and the server's suggestions. */
  readonly suggestions: NameSuggestionsController
  readonly registration: ReadableStore<NameRegistrationState>
  /**
   * Registers `label` under the zone for the connected account: the wallet signs a readable
   * message of the name, address and time (EIP-191, or the smart account's ERC-1271/6492), then
   * POST /v1/profile/account. On success the account shows the name at once and the record is
   * returned; otherwise undefined, with the reason in `registration` ('Signature declined' goes
   * to the snackbar).
   */
  register(label: string): Promise<NameRecord | undefined>
  /**
   * The address `name` points to on the connected chain (else its first EVM address).
   * @throws LatchError '{name} is not a registered name', or 'Error resolving name' when the
   *   lookup failed
   */
  resolve(name: string): Promise<Address>
  /** Back to an empty input and no registration (the view opens afresh). */
  reset(): void
}

/**
 * Names of one instance: suggestions, registration by signature, resolution.
 * @example const names = createNames({ api, queryClient, connection, signMessage, snackbar, identity, zone: 'latch.id' })
 */
export function createNames(deps: NamesDeps): NamesController {
  const now = deps.now ?? (() => Date.now())
  const suggestions = createNameSuggestions({
    api: deps.api,
    zone: deps.zone,
    ...(deps.stores ? { store: deps.stores.suggestions } : {}),
  })
  const registration =
    deps.stores?.registration ?? createStore<NameRegistrationState>({ status: 'idle' })

  const fail = (error: Text) => {
    registration.set({ status: 'error', name: undefined, error })
  }

  async function register(label: string): Promise<NameRecord | undefined> {
    const current = deps.account.get()
    if (!current) {
      fail('No ActiveCaipAddress found')
      return undefined
    }
    if (!serves(NAMES_NAMESPACES, current.caipNetworkId)) {
      fail(NAMES_NOT_SUPPORTED)
      return undefined
    }
    const normalized = normalizeNameLabel(label, deps.zone)
    const issue = nameLabelIssue(normalized)
    if (issue) {
      fail(issue)
      return undefined
    }
    const name = `${normalized}.${deps.zone}`
    const message = buildRegisterNameMessage({ name, address: current.address, nowMs: now() })
    registration.set({ status: 'signing', name: undefined, error: undefined })
    let signature: `0x${string}`
    try {
      signature = await deps.signMessage(message)
    } catch (error) {
      if (error instanceof UserRejectedError) {
        registration.set({ status: 'idle', error: undefined })
        deps.snackbar.showError(SIGNATURE_DECLINED)
      } else fail(displayMessage(error))
      return undefined
    }
    registration.set({ status: 'registering' })
    try {
      const record = await deps.api.registerName({
        coin_type: coinTypeOfChain(evmChainIdOf(current.caipNetworkId)),
        address: current.address,
        message,
        signature,
      })
      deps.identity.set(current.address, {
        name: record.name,
        avatar: record.attributes.avatar ?? null,
      })
      registration.set({ status: 'success', name: record.name, error: undefined })
      return record
    } catch (error) {
      // A name someone took meanwhile: the suggestions say so too.
      if (error instanceof HttpStatusError && error.status === 400) suggestions.markTaken(name)
      fail(displayMessage(error))
      return undefined
    }
  }

  async function resolve(name: string): Promise<Address> {
    const current = deps.account.get()
    if (!current) throw new LatchError(ERROR_RESOLVING_NAME, { details: 'No wallet is connected' })
    if (!serves(NAMES_NAMESPACES, current.caipNetworkId))
      throw new LatchError(ERROR_RESOLVING_NAME, { details: NAMES_NOT_SUPPORTED })
    const chainId = evmChainIdOf(current.caipNetworkId)
    const asked = name.trim().toLowerCase()
    // Only found names are cached (a failure throws): one registered a moment later resolves.
    return deps.queryClient.fetchQuery({
      queryKey: ['name', asked, chainId],
      queryFn: () => resolveName(deps.api, asked, chainId),
      staleTime: ENS_NAME_CACHE_MS,
      retry: false,
    })
  }

  return {
    zone: deps.zone,
    suggestions,
    registration,
    register,
    resolve,
    reset() {
      suggestions.reset()
      registration.set({ status: 'idle', name: undefined, error: undefined })
    },
  }
}
