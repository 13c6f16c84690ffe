import { USER_REJECTED_CODE } from '@latch/protocol/frame'
import { TRANSACTION_REFUSED_CODE, USER_REJECTED_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import type { ApprovalDecision, ApprovalRequest, ApprovalScreen } from './types.ts'

type Entry = {
  /** The request, or its details still on their way (e.g. the cost the server is estimating). */
  request: ApprovalRequest | Promise<ApprovalRequest>
  perform: () => Promise<unknown>
  resolve: (result: unknown) => void
  reject: (error: unknown) => void
}

/** The error of a request the user rejected (or the app aborted): EIP-1193 code 4001. */
export function userRejectedError(): FrameRequestError {
  return new FrameRequestError(USER_REJECTED_MESSAGE, USER_REJECTED_CODE)
}

/**
 * The error of a request the user closed because it cannot go through (e.g. the balance cannot
 * pay its fee): the reason the screen showed, not a rejection, so the app says why.
 */
export function refusedError(reason: string): FrameRequestError {
  return new FrameRequestError(reason, TRANSACTION_REFUSED_CODE)
}

/** The approvals of one page; see createApprovalQueue. */
export type ApprovalQueue = ReturnType<typeof createApprovalQueue>

/**
 * Unsafe calls wait here for the user, one on screen at a time, in arrival order. Approve runs the
 * call (the screen says 'Approving...' meanwhile); Reject fails it with code 4001.
 */
export function createApprovalQueue(screen: ApprovalScreen) {
  const waiting: Entry[] = []
  type Shown = {
    entry: Entry
    state: 'preparing' | 'waiting' | 'approving'
    request?: ApprovalRequest
  }
  let current: Shown | undefined

  function show(shown: Shown, request: ApprovalRequest): void {
    // Rejected (aborted) while its details were on their way: nothing to draw.
    if (current !== shown) return
    shown.state = 'waiting'
    shown.request = request
    screen.show(request, (decision) => decide(shown, decision))
  }

  function showNext(): void {
    const entry = waiting.shift()
    if (!entry) {
      screen.hide()
      return
    }
    const shown: Shown = { entry, state: 'preparing' }
    current = shown
    if (entry.request instanceof Promise) {
      // The screen says what it waits for (the cost can take up to a timeout), never the last one.
      screen.showPreparing((decision) => decide(shown, decision))
      void entry.request.then((request) => show(shown, request))
    } else show(shown, entry.request)
  }

  function decide(shown: Shown, decision: ApprovalDecision): void {
    // A late or second click on a screen that is gone or already approving does nothing; while
    // the details are on their way only a reject counts.
    if (current !== shown) return
    if (shown.state !== 'waiting' && !(shown.state === 'preparing' && decision === 'reject')) return
    if (decision === 'reject') {
      current = undefined
      const refusal = shown.request?.refusal
      shown.entry.reject(refusal ? refusedError(refusal) : userRejectedError())
      showNext()
      return
    }
    // A request the screen says cannot go through is never run (its Approve is disabled too).
    if (shown.request?.refusal) return
    shown.state = 'approving'
    screen.showApproving()
    shown.entry
      .perform()
      .then(shown.entry.resolve, shown.entry.reject)
      .finally(() => {
        current = undefined
        showNext()
      })
  }

  return {
    /**
     * Queues `request` (or its details, still on their way: they must not reject); resolves with
     * `perform()`'s result once the user approved it.
     */
    request(
      request: ApprovalRequest | Promise<ApprovalRequest>,
      perform: () => Promise<unknown>,
    ): Promise<unknown> {
      return new Promise((resolve, reject) => {
        waiting.push({ request, perform, resolve, reject })
        if (!current) showNext()
      })
    },
    /**
     * Fails every approval the user has not approved yet with `error` (default: user rejected).
     * One already approving finishes: its call is on its way.
     */
    rejectAll(error: FrameRequestError = userRejectedError()): void {
      for (const entry of waiting.splice(0)) entry.reject(error)
      if (current && current.state !== 'approving') {
        const { entry } = current
        current = undefined
        entry.reject(error)
        showNext()
      }
    },
    /** Approvals shown or waiting. */
    get size(): number {
      return waiting.length + (current ? 1 : 0)
    },
  }
}
