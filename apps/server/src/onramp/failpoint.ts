import type { Failpoint } from './constants.ts'

/**
 * Kills the process at `point` when LATCH_FAILPOINT names it: the crash tests' way to stop a
 * server between two steps of a payment, as a power cut would. Never set in production.
 */
export function failpoint(configured: Failpoint | undefined, point: Failpoint): void {
  if (configured === point) process.kill(process.pid, 'SIGKILL')
}
