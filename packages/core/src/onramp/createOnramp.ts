import type { CaipNetworkId, OnrampOrder } from '@latch/protocol'
import type { OnrampPaymentMethod, OnrampProviderId } from '@latch/protocol/constants'
import type { Locale } from '@latch/protocol/i18n'
import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ApiClient } from '../api/client.ts'
import {
  DEFAULT_PAYMENT_CURRENCY,
  DEFAULT_PURCHASE_CURRENCY,
  type OnrampQuote,
} from '../api/onrampFallbacks.ts'
import type { BalancesController } from '../balances/createBalances.ts'
import { serves } from '../chains/serves.ts'
import { connectionMoved } from '../connection/connectionMoved.ts'
import { ONRAMP_POPUP_FEATURES, ONRAMP_POPUP_NAME } from '../constants.ts'
import type { PopupWindow } from '../embedded/types.ts'
import type { EventsController } from '../events/createEvents.ts'
import type { MinedTransaction } from '../history/createHistory.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { createStore, type ReadableStore, type Store } from '../store.ts'
import { buyProblem } from './buyProblem.ts'
import { type CheckoutTimers, createCheckout } from './createCheckout.ts'
import { ONRAMP_NAMESPACES, ONRAMP_NO_AMOUNT } from './errors.ts'
import { initialOnrampState as initial } from './initialState.ts'
import { createOnrampQuotes } from './onrampQuotes.ts'
import { knownProviders } from './providers.ts'
import { preferredPurchaseCurrency } from './purchaseNetwork.ts'
import type { OnrampState } from './types.ts'
import { onrampUrlRequest } from './urlRequest.ts'

export type OnrampDeps = {
  /** Where BUY_STARTED goes (provider, chain, token, fiat currency). */
  events?: Pick<EventsController, 'emit'>
  api: Pick<
    ApiClient,
    | 'onrampOptions'
    | 'onrampQuote'
    | 'onrampUrl'
    | 'onrampOrder'
    | 'currencyImageUrl'
    | 'tokenImageUrl'
  >
  /** The active account in CAIP form: where bought tokens go; another account starts over. */
  account: ReadableStore<ActiveAccount | undefined>
  /** Refreshed (skipping caches) once a purchase completed. */
  balances: Pick<BalancesController, 'refresh'>
  snackbar: Pick<SnackbarController, 'showSuccess' | 'showError'>
  /**
   * After a purchase, besides the balances: e.g. the account's native balance and Activity, with
   * the transfer that delivered it when the provider said which.
   */
  refreshActivity?(delivered?: MinedTransaction): void
  /** The active network while no wallet is connected. */
  activeNetwork?(): CaipNetworkId | undefined
  /** The modal's language at the purchase: the provider's checkout is asked to speak it. */
  locale?(): Locale
  /** Opens a blank window for the provider; default `window.open`. */
  openPopup?(): PopupWindow | null
  /** Starts loading an image so the pickers show it at once; default an `Image` in a browser. */
  preloadImage?(url: string): void
  /** Defaults to the global timers, looked up when called so fake timers apply. */
  timers?: CheckoutTimers
  /** Defaults to `Date.now`. */
  now?: () => number
  /** The state to drive; default a new store (the kit passes the one its views already read). */
  store?: Store<OnrampState>
}

export type OnrampController = {
  state: ReadableStore<OnrampState>
  /**
   * Keeps the known providers named in `names`, in the known order; anything but an array of
   * strings empties the list. The project's onramp feature gives it at start.
   */
  setProviders(names: unknown): void
  /** Chooses a listed provider for the next quote and purchase; false for one not listed. */
  selectProvider(id: OnrampProviderId): boolean
  /**
   * GET /v1/onramp/options: the currencies, the first payment and purchase currency current (the
   * first purchase currency on the active chain, if any), the built-in ones when the server has
   * none; then fetches their images.
   */
  loadCurrencies(): Promise<void>
  /** The amount to pay, as typed; a quote follows once typing pauses, unless it is off limits. */
  setPaymentAmount(amount: string): void
  setPurchaseCurrency(id: string): void
  setPaymentCurrency(id: string): void
  setPaymentMethod(method: OnrampPaymentMethod): void
  /**
   * Asks for the quote of the current input now: quotesLoading meanwhile; then purchaseAmount and
   * `quote`, or the error stored and undefined. A mocked quote when the server is down.
   */
  getQuote(): Promise<OnrampQuote | undefined>
  /**
   * Must run inside the visitor's click: opens a window, asks the server for the provider's URL
   * (POST /v1/generators/onrampurl) and sends the window there. A sandbox order is then polled
   * until it completes (balances refresh, a snackbar says what was bought) or fails; otherwise
   * the balances refresh when the window closes. False, with `error` set, when nothing opened.
   */
  buy(): Promise<boolean>
  /** Opens the provider's page again (the visitor closed it before paying); in the click. */
  reopen(): boolean
  /** Back to the defaults: no provider chosen, USDC and USD, no amount; stops following a purchase. */
  reset(): void
}

const defaultTimers: CheckoutTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

const defaultPopup = (): PopupWindow | null =>
  globalThis.open?.('', ONRAMP_POPUP_NAME, ONRAMP_POPUP_FEATURES) ?? null

function defaultPreload(url: string) {
  if (typeof Image === 'function') new Image().src = url
}

/**
 * The on-ramp of one instance: providers, currencies, debounced quotes of which
 * only the latest counts, and the purchase at the provider.
 * @example const onramp = createOnramp({ api, account, balances, snackbar })
 */
export function createOnramp(deps: OnrampDeps): OnrampController {
  const { api } = deps
  const now = deps.now ?? (() => Date.now())
  const preload = deps.preloadImage ?? defaultPreload
  const store = deps.store ?? createStore<OnrampState>(initial([]))
  // Bumped by reset: a load that started before it must not write into the new state.
  let generation = 0

  const connected = () => deps.account.get()
  const activeNetworkId = () => connected()?.caipNetworkId ?? deps.activeNetwork?.()
  // The providers name EVM chains by their EIP-155 id.
  const chainId = () => {
    const caipNetworkId = activeNetworkId()
    return caipNetworkId && serves(ONRAMP_NAMESPACES, caipNetworkId)
      ? Number(caipNetworkId.split(':')[1])
      : undefined
  }

  function refreshAccount(order?: OnrampOrder) {
    const account = connected()
    if (account)
      void deps.balances.refresh({
        address: account.address,
        chainId: account.caipNetworkId,
        force: true,
      })
    deps.refreshActivity?.(
      order?.txHash
        ? { hash: order.txHash, chainId: order.network, address: order.address }
        : undefined,
    )
  }

  const checkout = createCheckout({
    api,
    store,
    snackbar: deps.snackbar,
    openPopup: deps.openPopup ?? defaultPopup,
    refreshAccount,
    timers: deps.timers ?? defaultTimers,
  })

  const quotes = createOnrampQuotes({ api, store, chainId })
  const inputChanged = () => quotes.inputChanged()

  function reset() {
    generation++
    quotes.cancel()
    checkout.stop()
    // The providers are the project's, not the visit's: they stay.
    store.set(initial(store.get().providers))
  }

  // Another account or chain (or none) starts over: nothing bought goes to the wrong place.
  deps.account.subscribe((current, previous) => {
    if (connectionMoved(current, previous)) reset()
  })

  async function loadCurrencies() {
    const started = generation
    store.set({ currenciesStatus: 'loading' })
    const options = await api.onrampOptions().catch(() => undefined)
    if (started !== generation) return
    const purchaseCurrencies = options?.purchaseCurrencies.length
      ? options.purchaseCurrencies
      : [DEFAULT_PURCHASE_CURRENCY]
    const paymentCurrencies = options?.paymentCurrencies.length
      ? options.paymentCurrencies
      : [DEFAULT_PAYMENT_CURRENCY]
    store.set({
      purchaseCurrencies,
      paymentCurrencies,
      purchaseCurrency:
        preferredPurchaseCurrency(purchaseCurrencies, chainId()) ?? DEFAULT_PURCHASE_CURRENCY,
      paymentCurrency: paymentCurrencies[0] ?? DEFAULT_PAYMENT_CURRENCY,
      currenciesStatus: 'ready',
    })
    inputChanged()
    for (const currency of paymentCurrencies) preload(api.currencyImageUrl(currency.id))
    for (const currency of purchaseCurrencies) preload(api.tokenImageUrl(currency.symbol))
  }

  function buy(): Promise<boolean> {
    const state = store.get()
    const account = connected()
    const problem = buyProblem(state, account)
    const request =
      account &&
      onrampUrlRequest(
        state,
        { address: account.address, chainId: chainId() },
        now(),
        deps.locale?.(),
      )
    if (problem || !request) {
      store.set({ error: problem ?? ONRAMP_NO_AMOUNT })
      return Promise.resolve(false)
    }
    deps.events?.emit({
      type: 'track',
      event: 'BUY_STARTED',
      properties: {
        provider: state.selectedProvider?.id ?? '',
        chain: account?.caipNetworkId ?? '',
        token: state.purchaseCurrency.symbol,
        fiat: state.paymentCurrency.id,
      },
    })
    return checkout.start(request)
  }

  return {
    state: store,
    setProviders(names) {
      const providers = knownProviders(names)
      const selected = store.get().selectedProvider
      store.set({
        providers,
        selectedProvider: providers.find((provider) => provider.id === selected?.id),
      })
    },
    selectProvider(id) {
      const provider = store.get().providers.find((candidate) => candidate.id === id)
      if (!provider) return false
      const method = store.get().paymentMethod
      store.set({
        selectedProvider: provider,
        paymentMethod: provider.paymentMethods.includes(method)
          ? method
          : (provider.paymentMethods[0] ?? method),
        checkout: undefined,
        order: undefined,
      })
      // Each provider has its own fee: the quote is asked again.
      inputChanged()
      return true
    },
    loadCurrencies,
    setPaymentAmount(amount) {
      if (amount === store.get().paymentAmount) return
      store.set({ paymentAmount: amount })
      inputChanged()
    },
    setPurchaseCurrency(id) {
      const currency = store.get().purchaseCurrencies.find((candidate) => candidate.id === id)
      if (!currency) return
      store.set({ purchaseCurrency: currency })
      inputChanged()
    },
    setPaymentCurrency(id) {
      const currency = store.get().paymentCurrencies.find((candidate) => candidate.id === id)
      if (!currency) return
      store.set({ paymentCurrency: currency })
      inputChanged()
    },
    setPaymentMethod(method) {
      if (method === store.get().paymentMethod) return
      store.set({ paymentMethod: method })
      inputChanged()
    },
    getQuote: () => quotes.getQuote(),
    buy,
    reopen: () => checkout.reopen(),
    reset,
  }
}
