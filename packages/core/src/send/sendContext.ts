import type { CaipNetworkId, TokenBalance } from '@latch/protocol'
import { formatUnits } from 'viem'
import type { FeeRates, TransferFee, TransferPreparation, TransferTools } from '../chains/types.ts'
import { createStore, type ReadableStore } from '../store.ts'
import { balanceKey } from './balanceKey.ts'
import type { SendFlowDeps } from './sendFlowDeps.ts'
import type { SendFee, SendFlowState } from './sendFlowTypes.ts'
import { initialSendState, reduceSend, type SendEvent } from './sendReducer.ts'

/** Typing pauses this long before a name in the receiver field is looked up. */
export const RESOLVE_DEBOUNCE_MS = 300

/** The sender as the flow works with it: the account, its family's part of a send, its tools. */
export type Sender = {
  address: string
  caipNetworkId: CaipNetworkId
  preparation: TransferPreparation
  tools: TransferTools
  /** The network's fee rates, when the family's fee is chosen by rate (Bitcoin). */
  feeRates?(caipNetworkId: CaipNetworkId): Promise<FeeRates>
}

/** What every action of the Send flow works with: its state, its events and the sender. */
export type SendContext = {
  readonly deps: SendFlowDeps
  readonly store: ReadableStore<SendFlowState>
  state(): SendFlowState
  dispatch(event: SendEvent): void
  /** The active account, when its family has a part in Send. */
  sender(): Sender | undefined
  /** The balance entry of the token chosen. */
  selected(): TokenBalance | undefined
  /** Starts a new question (a fee, a review): answers to the earlier ones are then dropped. */
  ask(): number
  isLatest(asked: number): boolean
  /** A fee reckoned in the native coin's smallest unit, as the view shows it (with USD). */
  priced(caipNetworkId: CaipNetworkId, reckoned: TransferFee): SendFee
  /** USD per smallest unit of the native coin, when it has a price. */
  usdPerUnit(caipNetworkId: CaipNetworkId): number | undefined
  currencyOf(caipNetworkId: CaipNetworkId): { symbol: string; decimals: number }
  /** Whether the visitor is in the Send flow (its view, or the wallet's approval screen). */
  inFlow(): boolean
  /** The one pending look-up of a name typed, replaced by the next. */
  readonly nameTimer: { start(callback: () => void): void; cancel(): void }
  /** A fresh form: pending questions dropped. */
  reset(): void
}

const defaultTimers = {
  setTimeout: (callback: () => void, ms: number): unknown => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) =>
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** The sender's family, through the adapter the kit gives; none when Send does not serve it. */
function senderOf(deps: SendFlowDeps): Sender | undefined {
  const current = deps.account.get()
  if (!current) return undefined
  let family: ReturnType<NonNullable<SendFlowDeps['family']>> | undefined
  try {
    family = deps.family?.()
  } catch {
    // No adapter of the account's family is loaded: Send has nothing to prepare a transfer with.
    return undefined
  }
  const preparation = family?.transferPreparation
  if (!family || !preparation) return undefined
  const { address, caipNetworkId } = current
  const { feeRates, maxTransfer } = family
  const network = deps.network(caipNetworkId)
  const tools: TransferTools = {
    address,
    caipNetworkId,
    ...(network ? { network } : {}),
    estimateFee: (transaction) => deps.estimateFee(transaction),
    transferFee: (transfer) => deps.transferFee(transfer),
    nativeBalance: () => deps.nativeBalance(address as `0x${string}`, caipNetworkId),
    ...(maxTransfer ? { maxTransfer: (transfer) => maxTransfer.call(family, transfer) } : {}),
  }
  return {
    address,
    caipNetworkId,
    preparation,
    tools,
    ...(feeRates ? { feeRates: (id: CaipNetworkId) => feeRates.call(family, id) } : {}),
  }
}

/**
 * The Send flow's state and what its actions share, per flow: the store moves only by
 * `reduceSend`, and each question asked gets a stamp so that a late answer is dropped.
 */
export function createSendContext(deps: SendFlowDeps, options: { inFlow(): boolean }): SendContext {
  const timers = deps.timers ?? defaultTimers
  const store = createStore<SendFlowState>(initialSendState())
  let stamp = 0
  let nameTimer: unknown
  const nativeEntry = () => deps.balances.get().balances.find((entry) => !entry.address)
  const currencyOf = (caipNetworkId: CaipNetworkId) =>
    deps.network(caipNetworkId)?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const timer = {
    start(callback: () => void) {
      timer.cancel()
      nameTimer = timers.setTimeout(() => {
        nameTimer = undefined
        callback()
      }, RESOLVE_DEBOUNCE_MS)
    },
    cancel() {
      if (nameTimer !== undefined) timers.clearTimeout(nameTimer)
      nameTimer = undefined
    },
  }
  const context: SendContext = {
    deps,
    store,
    state: () => store.get(),
    dispatch: (event) => store.set(reduceSend(store.get(), event)),
    sender: () => senderOf(deps),
    selected() {
      const key = store.get().tokenKey
      return deps.balances.get().balances.find((entry) => balanceKey(entry) === key)
    },
    ask: () => ++stamp,
    isLatest: (asked) => asked === stamp,
    priced(caipNetworkId, { fee, tokenAccountRent, exact, vsize, feeRate }) {
      const { symbol, decimals } = currencyOf(caipNetworkId)
      const price = nativeEntry()?.price ?? 0
      const usd = price > 0 ? price * Number(formatUnits(fee, decimals)) : undefined
      return {
        status: 'ready',
        fee,
        symbol,
        decimals,
        ...(usd !== undefined ? { usd } : {}),
        ...(tokenAccountRent ? { tokenAccountRent } : {}),
        ...(exact ? { exact } : {}),
        ...(vsize !== undefined && feeRate !== undefined ? { vsize, feeRate } : {}),
      }
    },
    usdPerUnit(caipNetworkId) {
      const price = nativeEntry()?.price ?? 0
      return price > 0 ? price / 10 ** currencyOf(caipNetworkId).decimals : undefined
    },
    currencyOf,
    inFlow: options.inFlow,
    nameTimer: timer,
    reset() {
      stamp++
      timer.cancel()
      context.dispatch({ type: 'reset' })
    },
  }
  return context
}
