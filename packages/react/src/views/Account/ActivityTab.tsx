import { formatDecimal, truncateDecimal } from '@latch/core'
import type { HistoryTransaction, HistoryTransfer } from '@latch/protocol'
import { dateFormat, type Locale } from '@latch/protocol/i18n'
import { useEffect, useRef } from 'react'
import { SkeletonRows } from '../../components/Skeleton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'

const OPERATION_LABELS: Record<HistoryTransaction['metadata']['operationType'], MessageKey> = {
  send: 'activity.sent',
  receive: 'activity.received',
  trade: 'activity.swapped',
  execute: 'activity.contractCall',
  approve: 'activity.approved',
  deposit: 'activity.deposited',
  buy: 'activity.bought',
}

// Months and times in the modal's language (the Intl formatters are cached per locale).
const MONTH_AND_YEAR: Intl.DateTimeFormatOptions = {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}
const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
}

function transferText(transfer: HistoryTransfer, locale: Locale): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : ''
  // An NFT by its name: "+1 Latch Tile #3".
  const symbol = transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? 'NFT'
  return `${sign}${formatDecimal(truncateDecimal(transfer.quantity.numeric), locale)} ${symbol}`
}

/** A transfer's picture: the token's icon, or the NFT's image (through the server). */
const iconOf = (transfer: HistoryTransfer | undefined): string | undefined =>
  transfer?.fungible_info?.icon.url ?? transfer?.nft_info?.content?.preview.url

/**
 * The Activity tab: the account's transactions on the active network, by month, under
 * the account's name when it has one.
 */
export function ActivityTab({ address, name }: { address: string; name?: string | null }) {
  const { t } = useI18n()
  return (
    <>
      {name && (
        <p className="latch-muted latch-activity-owner" data-testid="latch-activity-owner">
          {t('activity.of', { name })}
        </p>
      )}
      <ActivityList address={address} />
    </>
  )
}

function ActivityList({ address }: { address: string }) {
  const latch = useLatchInstance()
  const state = useStore(latch.history.state)
  const network = useStore(latch.network.state).activeNetwork?.caipNetworkId
  const sentinel = useRef<HTMLLIElement>(null)
  const { t, locale } = useI18n()

  // The first page, fresh, each time the tab opens or the account or network changes; kept fresh
  // while the tab is open.
  useEffect(() => {
    if (!network) return
    return latch.history.follow(address)
  }, [latch, address, network])

  // Infinite scroll: the next page when the end of the list comes into view.
  const hasNext = state.next !== undefined
  useEffect(() => {
    const target = sentinel.current
    if (!target || !hasNext) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting))
        void latch.history.fetchTransactions(address).catch(() => {})
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [latch, address, hasNext])

  if (state.loading && state.transactions.length === 0) {
    return <SkeletonRows count={4} label={t('activity.loading')} testId="latch-activity-loading" />
  }
  if (state.empty || state.transactions.length === 0) {
    return <p className="latch-muted latch-center">{t('activity.none')}</p>
  }
  return (
    <div className="latch-list" data-testid="latch-activity">
      {state.transactionsByYear.map((year) =>
        year.months.map((month) => (
          <section
            key={`${year.year}-${month.month}`}
            aria-label={dateFormat(locale, MONTH_AND_YEAR).format(
              new Date(Date.UTC(year.year, month.month)),
            )}
          >
            <h3 className="latch-section-title" data-testid="latch-activity-month">
              {dateFormat(locale, MONTH_AND_YEAR).format(
                new Date(Date.UTC(year.year, month.month)),
              )}
            </h3>
            <ul className="latch-list">
              {month.transactions.map((transaction) => (
                <li
                  key={transaction.id}
                  className="latch-list-item"
                  data-testid="latch-activity-row"
                  data-hash={transaction.metadata.hash}
                >
                  {iconOf(transaction.transfers[0]) ? (
                    <img
                      className="latch-token-icon"
                      data-nft={transaction.transfers[0]?.nft_info ? '' : undefined}
                      src={iconOf(transaction.transfers[0])}
                      alt=""
                      width={32}
                      height={32}
                    />
                  ) : (
                    <span className="latch-token-icon" aria-hidden="true" />
                  )}
                  <span className="latch-list-item-label">
                    <span>
                      {transaction.metadata.status === 'failed'
                        ? t('activity.failed', {
                            operation: t(OPERATION_LABELS[transaction.metadata.operationType]),
                          })
                        : t(OPERATION_LABELS[transaction.metadata.operationType])}
                    </span>
                    <span className="latch-muted">
                      {transaction.transfers
                        .map((transfer) => transferText(transfer, locale))
                        .join(' · ')}
                    </span>
                  </span>
                  <time className="latch-muted" dateTime={transaction.metadata.minedAt}>
                    {dateFormat(locale, DAY_AND_TIME).format(
                      new Date(transaction.metadata.minedAt),
                    )}
                  </time>
                </li>
              ))}
            </ul>
          </section>
        )),
      )}
      <ul className="latch-list">
        <li ref={sentinel} aria-hidden="true" className="latch-sentinel" />
      </ul>
      {state.loading && <SkeletonRows count={2} label={t('activity.loadingMore')} />}
    </div>
  )
}
