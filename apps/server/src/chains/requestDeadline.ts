import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'

/** When a request's upstream calls must all be over (performance.now() time), and why then. */
export type RequestDeadline = { endsAt: number; timeoutMs: number }

const deadlines = new AsyncLocalStorage<RequestDeadline>()

/**
 * Gives each request of `app` one deadline for all of its upstream calls together: `timeoutMs`
 * (RPC_TIMEOUT_MS) from its arrival. A route that calls a chain several times in a row, tries a
 * second URL, or waits for a slot or for another call's probe of a down upstream, still answers
 * within one RPC timeout: each wait and call ends at the deadline (see UpstreamCircuits), not
 * `timeoutMs` after it started.
 *
 * Only for routes that answer from what they read: long polls that wait for a receipt (the wallet
 * frame's) keep each call's own timeout.
 */
export function installRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  // The handler runs inside `done`, so everything it awaits sees the deadline.
  app.addHook('preHandler', (_request, reply, done) => {
    const arrivedAt = performance.now() - reply.elapsedTime
    deadlines.run({ endsAt: arrivedAt + timeoutMs, timeoutMs }, done)
  })
}

/** The deadline of the request the caller runs for; undefined outside a request (a worker). */
export function requestDeadline(): RequestDeadline | undefined {
  return deadlines.getStore()
}

/** Runs `work` free of the calling request's deadline: for work that outlives the request. */
export function outsideRequest<Result>(work: () => Result): Result {
  return deadlines.exit(work)
}
