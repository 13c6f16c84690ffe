import type { CaipAddress } from '@latch/protocol'
import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ApiClient } from '../api/client.ts'
import type { BalancesController } from '../balances/createBalances.ts'
import type { EventsController } from '../events/createEvents.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { ReadableStore, Store } from '../store.ts'
import type { ExecuteSwapDeps } from './executeSwap.ts'
import type { SwapState } from './types.ts'

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
