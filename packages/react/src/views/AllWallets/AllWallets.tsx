import { type ConnectableWallet, WALLETS_PER_PAGE, WALLETS_PER_SEARCH } from '@latch/core'
import type { Wallet } from '@latch/protocol'
import { useEffect, useRef, useState } from 'react'
import { WalletListItem } from '../../components/WalletListItem.tsx'
import { useLatchInstance } from '../../LatchProvider.tsx'
import { chooseWallet, fromRegistry } from '../wallets.ts'

const SEARCH_DEBOUNCE_MS = 250
const SKELETONS = ['skeleton-1', 'skeleton-2', 'skeleton-3', 'skeleton-4']

type Listing = { wallets: Wallet[]; count: number; page: number; loading: boolean; error?: string }

/** Every registry wallet: debounced search, infinite scroll (40 a page), skeletons while loading. */
export function AllWallets() {
  const latch = useLatchInstance()
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState('')
  const [listing, setListing] = useState<Listing>({ wallets: [], count: 0, page: 0, loading: true })
  const sentinel = useRef<HTMLLIElement>(null)
  const request = useRef(0)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query])

  const load = (page: number, term: string) => {
    const id = ++request.current
    setListing((current) => ({ ...current, loading: true }))
    latch.api
      .getWallets({
        page,
        entries: term ? WALLETS_PER_SEARCH : WALLETS_PER_PAGE,
        ...(term ? { search: term } : {}),
      })
      .then(
        (result) => {
          // A newer search or page was asked for meanwhile: this answer is stale.
          if (id !== request.current) return
          setListing((current) => ({
            wallets: page === 1 ? result.data : [...current.wallets, ...result.data],
            count: result.count,
            page,
            loading: false,
          }))
        },
        (error: Error) => {
          if (id === request.current)
            setListing((current) => ({ ...current, loading: false, error: error.message }))
        },
      )
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search term starts over at page 1.
  useEffect(() => {
    load(1, search)
  }, [search])

  const hasMore = !search && listing.wallets.length < listing.count
  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasMore || listing.loading) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load(listing.page + 1, search)
    })
    observer.observe(node)
    return () => observer.disconnect()
  })

  const select = (wallet: ConnectableWallet) => chooseWallet(latch, wallet)

  return (
    <div className="latch-list">
      <input
        className="latch-input"
        type="search"
        placeholder="Search wallet"
        aria-label="Search wallet"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {listing.error && <p className="latch-error-text">{listing.error}</p>}
      {!listing.loading && listing.wallets.length === 0 && !listing.error && (
        <p className="latch-muted">No wallet found</p>
      )}
      <ul className="latch-list" aria-label="All wallets" aria-busy={listing.loading}>
        {listing.wallets.map((wallet) => (
          <WalletListItem key={wallet.id} wallet={fromRegistry(latch, wallet)} onSelect={select} />
        ))}
        {listing.loading &&
          SKELETONS.map((key) => (
            <li
              key={key}
              className="latch-skeleton"
              data-testid="latch-wallet-skeleton"
              aria-hidden="true"
            />
          ))}
        {hasMore && <li ref={sentinel} aria-hidden="true" />}
      </ul>
    </div>
  )
}
