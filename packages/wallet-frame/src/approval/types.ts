import type { EvmNetworkInfo, SolanaNetworkInfo, WalletRpcCost } from '@latch/protocol'

import type { DetailSection } from '../format/details.ts'

// The formatters' rows and sections, which the approval screen lays out.
export type { DetailRow, DetailSection } from '../format/details.ts'

/**
 * What the approval screen says about a request, before the site and account are added; `warning`
 * is shown above the buttons (a shortfall, a call expected to fail).
 */
export type ApprovalView = { title: string; sections: DetailSection[]; warning?: string }

/** An unsafe call waiting for the user. */
export type ApprovalRequest = {
  /** The app's request id. */
  id: string
  method: string
  params: unknown
  /** The EVM chain of an eip155 call. */
  chainId?: number
  /** The Solana network of a solana_* call, when the app named one. */
  caipNetworkId?: string
  /** The signed-in user's address in the call's family: the account that signs. */
  account: string
  /** The Solana network as the server described it (name, coin, known tokens). */
  solanaNetwork?: SolanaNetworkInfo
  /** The EVM chain as the server described it (name, coin, known tokens): a grant's limits. */
  evmNetwork?: EvmNetworkInfo
  /** What a transaction would take from the balance, as the server estimated it. */
  cost?: WalletRpcCost
  /** Why it cannot go through (the balance cannot pay): shown, Approve stays off. */
  refusal?: string
}

/** The user's answer, from a click that passed the guard. */
export type ApprovalDecision = 'approve' | 'reject'

/** Where approvals are drawn; the DOM implementation is renderApproval.ts. */
export type ApprovalScreen = {
  /** Draws `request`, replacing what was shown; `decide` receives the user's accepted click. */
  show(request: ApprovalRequest, decide: (decision: ApprovalDecision) => void): void
  /**
   * A request whose details (its cost) are still on their way: says so, replacing what was shown,
   * with no Approve; `decide` receives a reject.
   */
  showPreparing(decide: (decision: ApprovalDecision) => void): void
  /** Buttons off, 'Approving...' while the call runs. */
  showApproving(): void
  /** Nothing pending: the page is empty and transparent again. */
  hide(): void
}
