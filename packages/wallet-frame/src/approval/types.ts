/** One line of a key/value list on the approval screen. */
export type DetailRow = { label: string; value: string; mono?: boolean }

/** A group of details: a heading, then rows and/or a block of text (a message, raw parameters). */
export type DetailSection = {
  heading?: string
  rows?: DetailRow[]
  block?: { text: string; mono: boolean }
}

/** What the approval screen says about a request, before the site and account are added. */
export type ApprovalView = { title: string; sections: DetailSection[] }

/** An unsafe call waiting for the user. */
export type ApprovalRequest = {
  /** The app's request id. */
  id: string
  method: string
  params: unknown
  chainId: number
  /** The signed-in user's address: the account that signs. */
  account: `0x${string}`
}

/** The user's answer, from a click that passed the guard. */
export type ApprovalDecision = 'approve' | 'reject'

/** Where approvals are drawn; the DOM implementation is renderApproval.ts. */
export type ApprovalScreen = {
  /** Draws `request`, replacing what was shown; `decide` receives the user's accepted click. */
  show(request: ApprovalRequest, decide: (decision: ApprovalDecision) => void): void
  /** Buttons off, 'Approving...' while the call runs. */
  showApproving(): void
  /** Nothing pending: the page is empty and transparent again. */
  hide(): void
}
