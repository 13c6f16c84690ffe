import { QueryClient } from '@tanstack/query-core'
import {
  QUERY_RETRY_ATTEMPTS,
  QUERY_RETRY_BASE_DELAY_MS,
  QUERY_RETRY_MAX_DELAY_MS,
} from '../constants.ts'

/** Delay before retry number `attempt` (0-based): 1 s, doubling, at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS)
}

/**
 * The server-data cache of one instance, retrying a failed call 3 times, 1 s doubling up
 * to 30 s. Per instance, so two Latch instances (or two SSR requests) share nothing.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: QUERY_RETRY_ATTEMPTS, retryDelay } },
  })
}
