import type { OnrampOrder, OnrampUrlRequest } from '@latch/protocol'
import { decimal } from '@latch/protocol/i18n'
import { type ApiClient, HttpStatusError } from '../api/client.ts'
import { ONRAMP_ORDER_POLL_MS, ONRAMP_POPUP_POLL_MS } from '../constants.ts'
import { displayMessage } from '../displayMessage.ts'
import type { PopupWindow } from '../embedded/types.ts'
import { truncateDecimal } from '../format/formatAmount.ts'
import { formatDecimal } from '../format/formatDecimal.ts'
import { phrase } from '../i18n/phrases.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { Store } from '../store.ts'
import { ONRAMP_POPUP_BLOCKED, ONRAMP_PURCHASE_FAILED } from './errors.ts'
import type { OnrampCheckout, OnrampState } from './types.ts'

/** Decimals a bought amount is shown with: USDC's exactly, a coin's cut (not rounded). */
const BOUGHT_DECIMALS = 6

/** "49.26125 USDC": an amount the server gave, as the views and the snackbar show it. */
export const formatOnrampAmount = (amount: { amount: string; currency: string }, locale?: string) =>
  `${formatDecimal(truncateDecimal(amount.amount, BOUGHT_DECIMALS), locale)} ${amount.currency}`

/** A fiat amount as money is written: always 2 decimals ("0.20 USD", "50.00 USD"). */
export const formatFiatAmount = (amount: { amount: string; currency: string }, locale?: string) => {
  const [whole = '0', fraction = ''] = amount.amount.split('.')
  return `${formatDecimal(`${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`, locale)} ${amount.currency}`
}

export type CheckoutTimers = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export type CheckoutDeps = {
  api: Pick<ApiClient, 'onrampUrl' | 'onrampOrder'>
  store: Store<OnrampState>
  snackbar: Pick<SnackbarController, 'showSuccess' | 'showError'>
  /** Opens a blank window; must run inside the visitor's click (a later one is blocked). */
  openPopup(): PopupWindow | null
  /** After a purchase: balances and Activity, with the completed order when there is one. */
  refreshAccount(order?: OnrampOrder): void
  timers: CheckoutTimers
}

export type CheckoutController = {
  /** Opens the provider for `request` (see OnrampController.buy). */
  start(request: OnrampUrlRequest): Promise<boolean>
  /** Opens the provider's page again, in the visitor's click. */
  reopen(): boolean
  /** Stops following the purchase: no more polls, the window is left to the visitor. */
  stop(): void
}

/**
 * A purchase at a provider: its window, opened in the click then sent to the provider's URL; the
 * sandbox's order polled until it completes or fails; otherwise the window watched until it closes.
 */
export function createCheckout(deps: CheckoutDeps): CheckoutController {
  const { store, timers } = deps
  // Bumped by each start and by stop: a poll or watcher of an older run ends at its next turn.
  let run = 0
  let popup: PopupWindow | undefined

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      timers.setTimeout(resolve, ms)
    })

  function update(started: number, patch: Partial<OnrampCheckout>) {
    const checkout = store.get().checkout
    if (started === run && checkout) store.set({ checkout: { ...checkout, ...patch } })
  }

  function watchWindow(started: number, watched: PopupWindow) {
    const check = () => {
      if (started !== run || popup !== watched) return
      if (!watched.closed) {
        timers.setTimeout(check, ONRAMP_POPUP_POLL_MS)
        return
      }
      const checkout = store.get().checkout
      if (!checkout) return
      // Coinbase and Meld give no order to follow: a closed window is the end of the purchase.
      if (!checkout.orderId && checkout.status === 'open') {
        update(started, { status: 'closed', windowOpen: false })
        deps.refreshAccount()
      } else update(started, { windowOpen: false })
    }
    timers.setTimeout(check, ONRAMP_POPUP_POLL_MS)
  }

  function settle(started: number, order: OnrampOrder) {
    if (order.status === 'completed') {
      update(started, { status: 'completed', windowOpen: false })
      if (popup && !popup.closed) popup.close()
      deps.snackbar.showSuccess(
        phrase('snackbar.bought', {
          amount: decimal(truncateDecimal(order.purchaseAmount.amount, BOUGHT_DECIMALS)),
          currency: order.purchaseAmount.currency,
        }),
      )
      deps.refreshAccount(order)
    } else {
      update(started, { status: 'failed' })
      deps.snackbar.showError(order.failureReason ?? ONRAMP_PURCHASE_FAILED)
    }
  }

  async function follow(started: number, orderId: string) {
    while (started === run) {
      try {
        const order = await deps.api.onrampOrder(orderId)
        if (started !== run) return
        store.set({ order })
        if (order.status === 'completed' || order.status === 'failed') {
          settle(started, order)
          return
        }
      } catch (error) {
        if (started !== run) return
        // A refused ask (an order the server does not know) will not change; a blip may.
        if (error instanceof HttpStatusError && error.status < 500) {
          update(started, { status: 'failed' })
          store.set({ error: displayMessage(error) })
          return
        }
      }
      await sleep(ONRAMP_ORDER_POLL_MS)
    }
  }

  async function start(request: OnrampUrlRequest): Promise<boolean> {
    run++
    const started = run
    // Synchronously, inside the click: a window opened after an await is blocked.
    const opened = deps.openPopup()
    if (!opened) {
      popup = undefined
      store.set({ checkout: undefined, order: undefined, error: ONRAMP_POPUP_BLOCKED })
      return false
    }
    popup = opened
    store.set({
      checkout: { provider: request.provider ?? 'coinbase', status: 'opening', windowOpen: true },
      order: undefined,
      error: undefined,
    })
    let answer: Awaited<ReturnType<typeof deps.api.onrampUrl>>
    try {
      answer = await deps.api.onrampUrl(request)
    } catch (error) {
      if (started !== run) return false
      opened.close()
      store.set({ checkout: undefined, error: displayMessage(error) })
      return false
    }
    if (started !== run) {
      opened.close()
      return false
    }
    opened.location.href = answer.url
    update(started, {
      status: 'open',
      url: answer.url,
      ...(answer.orderId ? { orderId: answer.orderId } : {}),
    })
    watchWindow(started, opened)
    if (answer.orderId) void follow(started, answer.orderId)
    return true
  }

  return {
    start,
    reopen() {
      const checkout = store.get().checkout
      if (!checkout?.url || checkout.status === 'completed' || checkout.status === 'failed')
        return false
      const opened = deps.openPopup()
      if (!opened) {
        store.set({ error: ONRAMP_POPUP_BLOCKED })
        return false
      }
      opened.location.href = checkout.url
      popup = opened
      store.set({ checkout: { ...checkout, status: 'open', windowOpen: true }, error: undefined })
      watchWindow(run, opened)
      return true
    },
    stop() {
      run++
      popup = undefined
    },
  }
}
