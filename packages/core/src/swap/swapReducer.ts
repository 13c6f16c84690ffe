import type { CaipAddress, CaipNetworkId } from '@latch/protocol'
import type { Text } from '@latch/protocol/i18n'
import { readSwapInput } from './describeSwap.ts'
import type { QuoteAnswer } from './fetchQuote.ts'
import { initialSwapState } from './initialState.ts'
import type { SwapIssue, SwapState, SwapStep, SwapTokenOption } from './types.ts'

/** What happens to a swap: the visitor's input, the server's and the wallet's answers. */
export type SwapEvent =
  | { type: 'reset' }
  | { type: 'tokensLoading'; chainId: CaipNetworkId; address: string }
  | {
      type: 'tokensLoaded'
      tokens: readonly SwapTokenOption[]
      batches: boolean
      pair: { from?: CaipAddress; to?: CaipAddress }
    }
  | { type: 'tokensFailed'; message: Text }
  /** The tokens joined again with the account's balances. */
  | { type: 'balancesJoined'; tokens: readonly SwapTokenOption[] }
  | { type: 'tokenChosen'; side: 'from' | 'to'; token: CaipAddress }
  | { type: 'flipped' }
  | { type: 'amountTyped'; amount: string }
  | { type: 'slippageSet'; slippage: number }
  /** The tokens or the amount changed: the old quote goes, and a new one is `asking` or not. */
  | { type: 'inputChanged'; asking: boolean }
  | { type: 'quoteAnswered'; answer: QuoteAnswer }
  | { type: 'quoteFailed'; issue: SwapIssue }
  | { type: 'stepChanged'; step: SwapStep }
  | { type: 'swapStarted'; step: SwapStep }
  | { type: 'approved'; allowance: bigint }
  | { type: 'transactionSent'; hash: `0x${string}` }
  | { type: 'swapped'; hash: `0x${string}` }
  | { type: 'swapFailed'; issue: SwapIssue }

/** The issues a quote answers for; the input's and the last swap's are not its to clear. */
const quoteIssues: ReadonlySet<SwapIssue['kind']> = new Set(['no-liquidity', 'quote-failed'])
/** The issues the input alone decides, read again whenever the balances change. */
const inputIssues: ReadonlySet<SwapIssue['kind']> = new Set([
  'invalid-amount',
  'insufficient-balance',
])

/** The pair, with `token` on `side`; picking the other side's token swaps the two. */
function chosen(state: SwapState, side: 'from' | 'to', token: CaipAddress): SwapState {
  const other = side === 'from' ? state.to : state.from
  if (token === other) return { ...state, from: state.to, to: state.from }
  return side === 'from' ? { ...state, from: token } : { ...state, to: token }
}

/** The tokens, the pair and the amount. */
function inputEvent(state: SwapState, event: SwapEvent): SwapState | undefined {
  switch (event.type) {
    case 'tokenChosen':
      return chosen(state, event.side, event.token)
    case 'flipped':
      return { ...state, from: state.to, to: state.from }
    case 'amountTyped':
      return { ...state, amount: event.amount }
    case 'slippageSet':
      return { ...state, slippage: event.slippage }
    case 'inputChanged':
      return {
        ...state,
        quote: undefined,
        allowance: undefined,
        gas: undefined,
        txHash: undefined,
        step: 'review',
        issue: readSwapInput(state).issue,
        quoteStatus: event.asking ? 'loading' : 'idle',
      }
    case 'balancesJoined': {
      if (state.tokensStatus !== 'ready') return state
      const keepsIssue = state.issue !== undefined && !inputIssues.has(state.issue.kind)
      const issue = keepsIssue
        ? state.issue
        : readSwapInput({ ...state, tokens: event.tokens }).issue
      return { ...state, tokens: event.tokens, issue }
    }
    default:
      return undefined
  }
}

/** The quote and the steps of a swap. */
function swapEvent(state: SwapState, event: SwapEvent): SwapState {
  switch (event.type) {
    case 'quoteAnswered': {
      const { quote, allowance, gas, router } = event.answer
      const issue = state.issue && quoteIssues.has(state.issue.kind) ? undefined : state.issue
      return {
        ...state,
        quoteStatus: 'ready',
        quote,
        allowance,
        gas,
        router: router ?? state.router,
        issue,
      }
    }
    case 'quoteFailed':
      return { ...state, quoteStatus: 'error', issue: event.issue }
    case 'stepChanged':
      return { ...state, step: event.step }
    case 'swapStarted':
      return { ...state, step: event.step, issue: undefined }
    case 'approved':
      return { ...state, allowance: event.allowance }
    case 'transactionSent':
      return { ...state, txHash: event.hash }
    case 'swapped':
      return { ...state, step: 'done', txHash: event.hash }
    case 'swapFailed':
      return { ...state, step: 'review', issue: event.issue }
    default:
      return state
  }
}

/**
 * The swap's next state after `event`: a pure function, so each step reads as a transition. Work
 * begun before a reset is the actions' to drop; what is decided here is what the state alone
 * tells (the issues the input decides, those a quote clears).
 * @example reduceSwap(initialSwapState(), { type: 'amountTyped', amount: '0.1' })
 */
export function reduceSwap(state: SwapState, event: SwapEvent): SwapState {
  switch (event.type) {
    case 'reset':
      // The fresh fields only: the pair, the network and the last quote stay until replaced.
      return { ...state, ...initialSwapState() }
    case 'tokensLoading':
      return { ...state, tokensStatus: 'loading', chainId: event.chainId, address: event.address }
    case 'tokensLoaded':
      return {
        ...state,
        tokensStatus: 'ready',
        batches: event.batches,
        tokens: event.tokens,
        ...event.pair,
      }
    case 'tokensFailed':
      return {
        ...state,
        tokensStatus: 'error',
        issue: { kind: 'quote-failed', message: event.message },
      }
    default:
      return inputEvent(state, event) ?? swapEvent(state, event)
  }
}
