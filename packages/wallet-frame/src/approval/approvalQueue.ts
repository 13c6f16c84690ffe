import { USER_REJECTED_CODE } from '@latch/protocol/frame'
import { USER_REJECTED_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import type { ApprovalDecision, ApprovalRequest, ApprovalScreen } from './types.ts'

type Entry = {
  request: ApprovalRequest
  perform: () => Promise<unknown>
  resolve: (result: unknown) => void
  reject: (error: unknown) => void
}

/** The error of a request the user rejected (or the app aborted): EIP-1193 code 4001. */
export function userRejectedError(): FrameRequestError {
  return new FrameRequestError(USER_REJECTED_MESSAGE, USER_REJECTED_CODE)
}

/** The approvals of one page; see createApprovalQueue. */
export type ApprovalQueue = ReturnType<typeof createApprovalQueue>

/**
 * Unsafe calls wait here for the user, one on screen at a time, in arrival order. Approve runs the
 * call (the screen says 'Approving...' meanwhile); Reject fails it with code 4001.
 */
export function createApprovalQueue(screen: ApprovalScreen) {
  const waiting: Entry[] = []
  let current: { entry: Entry; state: 'waiting' | 'approving' } | undefined

  function showNext(): void {
    const entry = waiting.shift()
    if (!entry) {
      screen.hide()
      return
    }
    const shown = { entry, state: 'waiting' as 'waiting' | 'approving' }
    current = shown
    screen.show(entry.request, (decision) => decide(shown, decision))
  }

  function decide(shown: NonNullable<typeof current>, decision: ApprovalDecision): void {
    // A late or second click on a screen that is gone or already approving does nothing.
    if (current !== shown || shown.state !== 'waiting') return
    if (decision === 'reject') {
      current = undefined
      shown.entry.reject(userRejectedError())
      showNext()
      return
    }
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
    /** Queues `request`; resolves with `perform()`'s result once the user approved it. */
    request(request: ApprovalRequest, perform: () => Promise<unknown>): Promise<unknown> {
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
      if (current?.state === 'waiting') {
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
