import type { QueryClient, QueryKey } from '@tanstack/query-core'
import { lazyCode } from '../lazy/lazyCode.ts'

/** What the kit asks of its server-data cache. */
export type QueryCache = Pick<QueryClient, 'fetchQuery' | 'invalidateQueries' | 'cancelQueries'> & {
  /** Puts `data` in the cache under `queryKey`, as fresh. */
  setQueryData(queryKey: QueryKey, data: unknown): void
}

/**
 * The instance's query cache (createQueryClient) with its code loaded by the first query: balances,
 * names and history exist only for a connected account, so a visitor who never connects never
 * loads it.
 */
export function createLazyQueryClient(): QueryCache {
  const code = lazyCode(() =>
    import('./createQueryClient.ts').then(({ createQueryClient }) => createQueryClient()),
  )
  const fetchQuery: QueryClient['fetchQuery'] = async (options) =>
    (await code.load()).fetchQuery(options)
  const invalidateQueries: QueryClient['invalidateQueries'] = async (filters, options) => {
    // Nothing cached before the first query: nothing to invalidate.
    await code.current()?.invalidateQueries(filters, options)
  }
  const cancelQueries: QueryClient['cancelQueries'] = async (filters, options) => {
    await code.current()?.cancelQueries(filters, options)
  }
  const setQueryData = (queryKey: QueryKey, data: unknown) => {
    const client = code.current()
    if (client) client.setQueryData(queryKey, () => data)
    else void code.load().then((loaded) => loaded.setQueryData(queryKey, () => data))
  }
  return { fetchQuery, invalidateQueries, cancelQueries, setQueryData }
}
