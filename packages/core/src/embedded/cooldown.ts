/**
 * 'Please try again after {n} seconds' while `availableAt` is ahead of `now`, with n
 * rounded up; undefined once the wait is over.
 * @example cooldownMessage(1_000, 30_000) // 'Please try again after 29 seconds'
 */
export function cooldownMessage(now: number, availableAt: number | undefined): string | undefined {
  if (availableAt === undefined || availableAt <= now) return undefined
  return `Please try again after ${Math.ceil((availableAt - now) / 1000)} seconds`
}
