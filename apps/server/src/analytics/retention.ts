import type { FastifyBaseLogger } from 'fastify'
import type { Queryable } from '../db/index.ts'
import { deleteExpiredEvents } from './store.ts'

/** How often old events are deleted: a day's worth of rows at most waits an hour past its time. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000

/**
 * Deletes events older than the retention at start and every hour. Every instance may run it: the
 * delete is by age, so two instances deleting at once remove the same rows once.
 */
export function startAnalyticsRetention(options: {
  db: Queryable
  days: number
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
  intervalMs?: number
}): { stop(): Promise<void> } {
  let running: Promise<void> | undefined
  const run = () => {
    running = deleteExpiredEvents(options.db, options.days).then(
      (count) => {
        if (count > 0) options.log.info({ count }, 'deleted analytics events past retention')
      },
      (error: unknown) => options.log.warn({ err: error }, 'analytics retention delete failed'),
    )
  }
  run()
  const timer = setInterval(run, options.intervalMs ?? RETENTION_INTERVAL_MS)
  // The hourly delete never keeps the process alive on its own.
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
