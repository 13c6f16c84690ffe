import type { ConnectableWallet } from '@latch/core'
import { useEffect, useRef, useState } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { chooseWallet, fromRegistry } from '../wallets.ts'
import { useWalletListing } from './useWalletListing.ts'

const SEARCH_DEBOUNCE_MS = 250
const SKELETONS = Array.from({ length: 8 }, (_, index) => `skeleton-${index + 1}`)

/** One wallet as a tile of the grid: its icon, its name under it. */
function WalletTile({
  wallet,
  installed,
  onSelect,
}: {
  wallet: ConnectableWallet
  installed: boolean
  onSelect(wallet: ConnectableWallet): void
}) {
  const { t } = useI18n()
  return (
    <li>
      <button
        type="button"
        className="latch-wallet-tile-button"
        data-wallet-id={wallet.id}
        onClick={() => onSelect(wallet)}
      >
        <WalletImage src={wallet.imageUrl} name={wallet.name} />
        <span className="latch-wallet-tile-name">{wallet.name}</span>
        {installed && <span className="latch-wallet-tile-badge">{t('wallets.installed')}</span>}
      </button>
    </li>
  )
}

/**
 * Every registry wallet of the site's chain families as a grid of icons: search (debounced),
 * infinite scroll, placeholder tiles while loading, and a retry when the server cannot answer.
 */
export function AllWallets() {
  const latch = useLatchInstance()
  const { t } = useI18n()
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState('')
  const sentinel = useRef<HTMLLIElement>(null)
  const { listing, failed, hasMore, loadMore, retry } = useWalletListing(latch, search)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query])

  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasMore || listing.loading) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore()
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
        placeholder={t('allWallets.search')}
        aria-label={t('allWallets.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {!listing.loading && !failed && listing.wallets.length === 0 && (
        <p className="latch-muted latch-center">{t('allWallets.none')}</p>
      )}
      <ul
        className="latch-wallet-grid"
        aria-label={t('allWallets.label')}
        aria-busy={listing.loading}
      >
        {listing.wallets.map((wallet) => {
          const entry = fromRegistry(latch, wallet)
          return (
            <WalletTile
              key={wallet.id}
              wallet={entry}
              installed={entry.connectorId !== undefined}
              onSelect={select}
            />
          )
        })}
        {listing.loading &&
          SKELETONS.map((key) => (
            <li
              key={key}
              className="latch-wallet-tile-skeleton"
              data-testid="latch-wallet-skeleton"
              aria-hidden="true"
            >
              <span className="latch-skeleton" />
              <span className="latch-skeleton" />
            </li>
          ))}
        {hasMore && <li ref={sentinel} className="latch-sentinel" aria-hidden="true" />}
      </ul>
      {failed && (
        <div className="latch-center" role="alert" data-testid="latch-wallets-failed">
          <p className="latch-muted">{t('allWallets.failed')}</p>
          <button type="button" className="latch-button" data-variant="secondary" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  )
}
