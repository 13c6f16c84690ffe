import { type Latch, WALLETS_PER_PAGE, WALLETS_PER_SEARCH } from '@latch/core'
import type { Wallet } from '@latch/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import { siteNamespaces } from '../wallets.ts'

export type WalletListing = {
  wallets: Wallet[]
  count: number
  page: number
  loading: boolean
  /** The page that could not be had (the server unreachable or failing), to ask for again. */
  failedPage?: number
}

/**
 * The registry's wallets of the site's chain families, a page at a time, for a search term; a
 * newer request makes older answers stale, and `retry` asks again for the page that failed.
 */
export function useWalletListing(latch: Latch, search: string) {
  const [listing, setListing] = useState<WalletListing>({
    wallets: [],
    count: 0,
    page: 0,
    loading: true,
  })
  const request = useRef(0)

  const load = useCallback(
    (page: number) => {
      const id = ++request.current
      setListing(({ failedPage: _, ...current }) => ({ ...current, loading: true }))
      latch.api
        .getWallets({
          page,
          entries: search ? WALLETS_PER_SEARCH : WALLETS_PER_PAGE,
          namespaces: siteNamespaces(latch),
          ...(search ? { search } : {}),
        })
        .then(
          (result) => {
            if (id !== request.current) return
            setListing((current) => ({
              wallets: page === 1 ? result.data : [...current.wallets, ...result.data],
              count: result.count,
              page,
              loading: false,
            }))
          },
          () => {
            if (id === request.current)
              setListing((current) => ({ ...current, loading: false, failedPage: page }))
          },
        )
    },
    [latch, search],
  )

  // A new search term starts over at page 1.
  useEffect(() => load(1), [load])

  const failed = listing.failedPage !== undefined
  const hasMore = !search && !failed && listing.wallets.length < listing.count
  return {
    listing,
    failed,
    hasMore,
    loadMore: () => load(listing.page + 1),
    retry: () => load(listing.failedPage ?? 1),
  }
}
