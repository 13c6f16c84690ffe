import type { CaipAddress, SwapToken } from '@latch/protocol'
import { decimal, englishText } from '@latch/protocol/i18n'
import { maxUint256 } from 'viem'
import { type ApiClient, HttpStatusError } from '../api/client.ts'
import type { BalancesController } from '../balances/createBalances.ts'
import type { ActiveAccount } from '../chains/createConnections.ts'
import { UserRejectedError } from '../chains/errors.ts'
import { evmChainIdOf, serves } from '../chains/serves.ts'
import { connectionMoved } from '../connection/connectionMoved.ts'
import { QUOTE_DEBOUNCE_MS, QUOTE_REFRESH_MS } from '../constants.ts'
import { displayMessage, displayText } from '../displayMessage.ts'
import type { EventsController } from '../events/createEvents.ts'
import { phrase } from '../i18n/phrases.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { createStore, type ReadableStore, type Store } from '../store.ts'
import { defaultPair } from './defaultPair.ts'
import { readSwapInput } from './describeSwap.ts'
import {
  PriceChangedError,
  SIGNATURE_DECLINED,
  SWAP_NAMESPACES,
  SWAP_NOT_SUPPORTED,
} from './errors.ts'
import { type ExecuteSwapDeps, executeSwap } from './executeSwap.ts'
import { formatTokenUnits } from './formatTokenAmount.ts'
import { initialSwapState as initial } from './initialState.ts'
import { isNativeToken } from './isNativeToken.ts'
import { joinBalances } from './joinBalances.ts'
import { latestOnly } from './latestOnly.ts'
import { isValidSlippage, minimumReceived } from './minimumReceived.ts'
import type { ReviewedQuote, SwapGas, SwapIssue, SwapState, SwapTokenOption } from './types.ts'

export type SwapDeps = {
  /** Where SWAP_SUCCESS and SWAP_ERROR go (chain, the two symbols, the sentence shown). */
  events?: Pick<EventsController, 'emit'>
  api: Pick<
    ApiClient,
    | 'convertTokens'
    | 'convertQuotes'
    | 'convertAllowance'
    | 'buildApprove'
    | 'buildTransaction'
    | 'fungiblePrice'
  >
  evm: ExecuteSwapDeps['evm']
  /** The account's holdings: joined to the tokens, for balances, Max and 'Insufficient balance'. */
  balances: Pick<BalancesController, 'state'>
  snackbar: Pick<SnackbarController, 'showSuccess' | 'showError'>
  /** The active account in CAIP form: the account that swaps and the network it swaps on. */
  account: ReadableStore<ActiveAccount | undefined>
  /** Defaults to `Date.now`. */
  now?: () => number
  /** The state to drive; default a new store (the kit passes the one its views already read). */
  store?: Store<SwapState>
}

export type SwapController = {
  state: ReadableStore<SwapState>
  /**
   * Loads the tokens the server can swap on the wallet's chain, with the account's balances and
   * USD prices; sells the native coin for the first token by default. Does nothing when they are
   * loaded for this account and chain.
   */
  load(): Promise<void>
  setFrom(token: CaipAddress): void
  setTo(token: CaipAddress): void
  /** Sells what was bought and the other way round; the amount stays. */
  flip(): void
  /** The amount to sell in whole units, as typed; a quote follows once typing pauses. */
  setAmount(amount: string): void
  /** Sells all that is held of an ERC-20 (the native coin keeps what gas needs: no Max). */
  setMax(): void
  /** Sets the slippage tolerance in percent; false (and unchanged) outside (0, 50]. */
  setSlippage(percent: number): boolean
  /** Asks for the quote of the current input again, at once. */
  refreshQuote(): void
  /**
   * Swaps as reviewed: fetches the quote again first when it is older than QUOTE_REFRESH_MS,
   * approves the router when it may not spend the amount, then swaps (see executeSwap). Resolves
   * with the swap's hash, or undefined when it did not happen: the reason is `state.issue`
   * ('Signature declined' when the wallet declined), the amount and tokens are kept.
   */
  swap(): Promise<`0x${string}` | undefined>
  /** After a swap: an empty amount, the same tokens. */
  startOver(): void
  reset(): void
}

type QuoteRequest = {
  user: CaipAddress
  from: SwapTokenOption
  to: SwapTokenOption
  amount: bigint
  slippage: number
  /** Build the swap without estimate too, for its gas and router (not when the balance is short). */
  withGas: boolean
}

type QuoteAnswer = {
  quote: ReviewedQuote
  allowance: bigint
  gas?: SwapGas
  router?: CaipAddress
}

function quoteIssue(error: unknown): SwapIssue {
  // The server answers 400 when no route gives anything: no pool, too small or too large.
  if (error instanceof HttpStatusError && error.status === 400)
    return { kind: 'no-liquidity', message: displayMessage(error) }
  return {
    kind: 'quote-failed',
    message: phrase('swap.quoteFailed', { reason: { text: displayText(error) } }),
  }
}

/**
 * The Swap view's controller: tokens with balances, debounced quotes of which only
 * the latest counts, and the approve-then-swap sequence.
 * @example const swap = createSwap({ api, evm, balances, snackbar, account })
 */
export function createSwap(deps: SwapDeps): SwapController {
  const { api } = deps
  const now = deps.now ?? (() => Date.now())
  const store = deps.store ?? createStore<SwapState>(initial())
  let serverTokens: readonly SwapToken[] = []
  let prices = new Map<string, number>()
  // Bumped by reset: work that started before it must not write into the new state.
  let generation = 0

  /** The active account when swaps serve its family. */
  function account() {
    const current = deps.account.get()
    if (!current || !serves(SWAP_NAMESPACES, current.caipNetworkId)) return undefined
    return {
      address: current.address,
      chainId: current.caipNetworkId,
      evmChainId: evmChainIdOf(current.caipNetworkId),
      user: current.caipAddress,
    }
  }

  /** The account's balances if they are of this account and chain, else undefined (unknown). */
  function heldBalances(state: SwapState) {
    const balances = deps.balances.state.get()
    const same =
      balances.chainId === state.chainId &&
      balances.address?.toLowerCase() === state.address?.toLowerCase()
    // A refresh keeps the last list meanwhile: it still counts, so Max and the checks do not blink.
    const known =
      balances.status === 'success' ||
      (balances.status === 'loading' && balances.balances.length > 0)
    return same && known ? balances.balances : undefined
  }

  async function fetchQuote(request: QuoteRequest): Promise<QuoteAnswer> {
    const amount = request.amount.toString()
    const pair = { userAddress: request.user, from: request.from.address, to: request.to.address }
    const [quotes, allowance, built] = await Promise.all([
      api.convertQuotes({ ...pair, amount }),
      isNativeToken(request.from.address)
        ? { allowance: maxUint256.toString() }
        : api.convertAllowance({ tokenAddress: request.from.address, userAddress: request.user }),
      // Only for the network fee and the router's address: a failure just leaves the fee unknown.
      request.withGas
        ? api
            .buildTransaction({
              ...pair,
              amount,
              eip155: { slippage: request.slippage },
              disableEstimate: true,
            })
            .catch(() => undefined)
        : undefined,
    ])
    const quote = quotes.quotes[0]
    if (!quote) throw new HttpStatusError(400, 'No liquidity for this pair')
    return {
      quote: { ...quote, fetchedAt: now() },
      allowance: BigInt(allowance.allowance),
      ...(built
        ? {
            gas: { gas: BigInt(built.tx.eip155.gas), gasPrice: BigInt(built.tx.eip155.gasPrice) },
            router: built.tx.to,
          }
        : {}),
    }
  }

  function applyQuote(answer: QuoteAnswer) {
    store.set((state) => ({
      quoteStatus: 'ready',
      quote: answer.quote,
      allowance: answer.allowance,
      gas: answer.gas,
      router: answer.router ?? state.router,
      // A quote clears the quote's own issues; the input's and the last swap's stay.
      issue:
        state.issue?.kind === 'no-liquidity' || state.issue?.kind === 'quote-failed'
          ? undefined
          : state.issue,
    }))
  }

  const quotes = latestOnly<QuoteRequest, QuoteAnswer>({
    delayMs: QUOTE_DEBOUNCE_MS,
    fetch: fetchQuote,
    onAnswer: applyQuote,
    onError: (error) => store.set({ quoteStatus: 'error', issue: quoteIssue(error) }),
  })

  function quoteRequest(state: SwapState): QuoteRequest | undefined {
    const input = readSwapInput(state)
    const current = account()
    if (!input.from || !input.to || input.amount === undefined || !current) return undefined
    if (current.chainId !== state.chainId) return undefined
    return {
      user: current.user,
      from: input.from,
      to: input.to,
      amount: input.amount,
      slippage: state.slippage,
      withGas: input.issue === undefined,
    }
  }

  /** After the tokens or amount changed: drop the old quote, say what is wrong or ask again. */
  function inputChanged() {
    const state = store.get()
    const request = quoteRequest(state)
    store.set({
      quote: undefined,
      allowance: undefined,
      gas: undefined,
      txHash: undefined,
      step: 'review',
      issue: readSwapInput(state).issue,
      quoteStatus: request ? 'loading' : 'idle',
    })
    if (request) quotes.schedule(request)
    else quotes.cancel()
  }

  /** Input is locked while an approval or swap is under way. */
  const busy = () => {
    const step = store.get().step
    return step === 'approving' || step === 'swapping'
  }

  deps.balances.state.subscribe(() => {
    const state = store.get()
    if (state.tokensStatus !== 'ready') return
    const tokens = joinBalances(serverTokens, heldBalances(state), prices)
    const inputIssue = readSwapInput({ ...state, tokens }).issue
    const keepsIssue =
      state.issue !== undefined &&
      state.issue.kind !== 'invalid-amount' &&
      state.issue.kind !== 'insufficient-balance'
    store.set({ tokens, issue: keepsIssue ? state.issue : inputIssue })
  })

  function reset() {
    generation++
    quotes.cancel()
    serverTokens = []
    prices = new Map()
    store.set(initial())
  }

  // Another account or chain (or none) starts over; the view loads again.
  deps.account.subscribe((current, previous) => {
    const moved = connectionMoved(current, previous)
    if (moved && store.get().tokensStatus !== 'idle') reset()
  })

  async function load() {
    const current = account()
    const state = store.get()
    const active = deps.account.get()
    if (active && !current) {
      // A family swaps do not serve: the view says so instead of loading tokens.
      reset()
      store.set({
        tokensStatus: 'error',
        issue: { kind: 'quote-failed', message: SWAP_NOT_SUPPORTED },
      })
      return
    }
    if (!current) {
      if (state.tokensStatus !== 'idle') reset()
      return
    }
    const same =
      state.chainId === current.chainId &&
      state.address?.toLowerCase() === current.address.toLowerCase()
    if (same && (state.tokensStatus === 'ready' || state.tokensStatus === 'loading')) return
    reset()
    const started = generation
    store.set({ tokensStatus: 'loading', chainId: current.chainId, address: current.address })
    try {
      const [{ tokens }, batches] = await Promise.all([
        api.convertTokens(current.chainId),
        // A wallet that batches atomically approves and swaps in one confirmation: the button says so.
        deps.evm.supportsAtomicBatch?.(current.evmChainId).catch(() => false) ?? false,
      ])
      const priced = await api
        .fungiblePrice(tokens.map((token) => token.address))
        .catch(() => ({ fungibles: [] }))
      if (started !== generation) return
      serverTokens = tokens
      prices = new Map(priced.fungibles.map((entry) => [entry.address.toLowerCase(), entry.price]))
      store.set({
        tokensStatus: 'ready',
        batches,
        tokens: joinBalances(tokens, heldBalances(store.get()), prices),
        ...defaultPair(tokens),
      })
    } catch (error) {
      if (started !== generation) return
      // e.g. 'Network not supported for Swaps'.
      store.set({
        tokensStatus: 'error',
        issue: { kind: 'quote-failed', message: displayText(error) },
      })
    }
  }

  function choose(side: 'from' | 'to', token: CaipAddress) {
    if (busy()) return
    const state = store.get()
    const other = side === 'from' ? state.to : state.from
    if (token === other) {
      store.set({ from: state.to, to: state.from })
    } else {
      store.set(side === 'from' ? { from: token } : { to: token })
    }
    inputChanged()
  }

  function setAmount(amount: string) {
    if (busy() || amount === store.get().amount) return
    store.set({ amount })
    inputChanged()
  }

  async function swap(): Promise<`0x${string}` | undefined> {
    const state = store.get()
    const current = account()
    const input = readSwapInput(state)
    const { from, to, amount } = input
    if (state.step !== 'review' || !current || current.chainId !== state.chainId) return undefined
    if (!from || !to || amount === undefined || input.issue) return undefined
    if (state.quoteStatus !== 'ready' || !state.quote) return undefined
    const started = generation
    const request: QuoteRequest = {
      user: current.user,
      from,
      to,
      amount,
      slippage: state.slippage,
      withGas: true,
    }
    let reviewed = state.quote
    let allowance = state.allowance ?? 0n
    let router = state.router
    // A batching wallet gets the approval and the swap in one request: no approving step.
    const approving = () => !state.batches && !isNativeToken(from.address) && allowance < amount
    store.set({ step: approving() ? 'approving' : 'swapping', issue: undefined })
    const tracked = { chain: `eip155:${current.evmChainId}`, from: from.symbol, to: to.symbol }
    try {
      // Never sign on an old quote: fetch it again, and stop if it now gives less.
      if (now() - reviewed.fetchedAt >= QUOTE_REFRESH_MS) {
        const answer = await quotes.run(request)
        if (started !== generation) return undefined
        if (answer.stale) {
          store.set({ step: 'review' })
          return undefined
        }
        applyQuote(answer.value)
        const fresh = answer.value
        if (BigInt(fresh.quote.toAmount) < BigInt(reviewed.toAmount)) throw new PriceChangedError()
        reviewed = fresh.quote
        allowance = fresh.allowance
        router = fresh.router ?? router
        store.set({ step: approving() ? 'approving' : 'swapping' })
      }
      const { hash } = await executeSwap(
        {
          api,
          evm: deps.evm,
          onStep: (step) => {
            if (started === generation) store.set({ step })
          },
          onApproved: () => {
            allowance = amount
            if (started === generation) store.set({ allowance: amount })
          },
          onSent: (sent) => {
            if (started === generation) store.set({ txHash: sent })
          },
        },
        {
          chainId: current.evmChainId,
          user: current.user,
          from: { address: from.address, native: isNativeToken(from.address) },
          to: { address: to.address, native: isNativeToken(to.address) },
          amount,
          slippage: state.slippage,
          minimumOut: minimumReceived(BigInt(reviewed.toAmount), state.slippage),
          allowance,
          ...(router ? { router } : {}),
        },
      )
      deps.events?.emit({ type: 'track', event: 'SWAP_SUCCESS', properties: tracked })
      if (started !== generation) return hash
      store.set({ step: 'done', txHash: hash })
      deps.snackbar.showSuccess(
        phrase('swap.swapped', {
          paid: decimal(formatTokenUnits(amount, from.decimals)),
          from: from.symbol,
          received: decimal(formatTokenUnits(BigInt(reviewed.toAmount), to.decimals)),
          to: to.symbol,
        }),
      )
      return hash
    } catch (error) {
      if (started !== generation) return undefined
      const issue: SwapIssue =
        error instanceof UserRejectedError
          ? { kind: 'declined', message: SIGNATURE_DECLINED }
          : error instanceof PriceChangedError
            ? { kind: 'price-changed', message: error.shortMessage }
            : { kind: 'swap-failed', message: displayText(error) }
      deps.events?.emit({
        type: 'track',
        event: 'SWAP_ERROR',
        properties: { ...tracked, message: englishText(issue.message) },
      })
      store.set({ step: 'review', issue })
      deps.snackbar.showError(issue.message)
      // The quote the user saw no longer holds: show the current one.
      if (issue.kind === 'price-changed') {
        const answer = await quotes.run(request).catch(() => undefined)
        if (answer && !answer.stale && started === generation) applyQuote(answer.value)
      }
      return undefined
    }
  }

  return {
    state: store,
    load,
    setFrom: (token) => choose('from', token),
    setTo: (token) => choose('to', token),
    flip() {
      if (busy()) return
      const state = store.get()
      store.set({ from: state.to, to: state.from })
      inputChanged()
    },
    setAmount,
    setMax() {
      const from = readSwapInput(store.get()).from
      if (!from || isNativeToken(from.address) || from.balanceNumeric === undefined) return
      setAmount(from.balanceNumeric)
    },
    setSlippage(percent) {
      if (busy() || !isValidSlippage(percent)) return false
      store.set({ slippage: percent })
      return true
    },
    refreshQuote() {
      if (!busy()) inputChanged()
    },
    swap,
    startOver() {
      if (busy()) return
      store.set({ amount: '' })
      inputChanged()
    },
    reset,
  }
}
