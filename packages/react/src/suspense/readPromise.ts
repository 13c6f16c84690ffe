import * as React from 'react'

/** A promise carrying its outcome, in the fields React 19's `use` reads and writes. */
type TrackedPromise<Value> = Promise<Value> & {
  status?: 'pending' | 'fulfilled' | 'rejected'
  value?: Value
  reason?: unknown
}

/**
 * Suspends the render until `promise` settles, then gives its value (or throws its error to the
 * nearest error boundary). React 18 has no `use`: the same protocol by hand, on the same fields
 * React 19 keeps on a promise (`status`, `value`, `reason`), so a promise settled earlier is read
 * at once on either version.
 */
function readTracked<Value>(promise: TrackedPromise<Value>): Value {
  if (promise.status === 'fulfilled') return promise.value as Value
  if (promise.status === 'rejected') throw promise.reason
  if (promise.status !== 'pending') {
    promise.status = 'pending'
    promise.then(
      (value) => Object.assign(promise, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
    )
  }
  // Suspense's contract before `use`: a thrown promise suspends until it settles.
  throw promise
}

/**
 * Reads a promise in render, suspending until it settles: React 19's `use` where the page's React
 * has it, else the same by hand (React 18).
 */
export const readPromise: <Value>(promise: Promise<Value>) => Value =
  (React as { use?: <Value>(promise: Promise<Value>) => Value }).use ?? readTracked
