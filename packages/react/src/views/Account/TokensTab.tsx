import { formatDecimal, formatUsd, truncateDecimal } from '@latch/core'
import { SkeletonRows } from '../../components/Skeleton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** The Tokens tab: each holding truncated to 3 decimals, values and total in USD. */
export function TokensTab() {
  const latch = useLatchInstance()
  const { status, balances, totalUsd } = useStore(latch.balances.state)
  const { t, locale } = useI18n()

  if (status === 'loading' && balances.length === 0) {
    return <SkeletonRows count={4} label={t('tokens.loading')} testId="latch-tokens-loading" />
  }
  if (balances.length === 0) {
    return (
      <p className="latch-muted latch-center">
        {status === 'error' ? t('tokens.unavailable') : t('tokens.none')}
      </p>
    )
  }
  return (
    <div className="latch-list">
      <p className="latch-total" data-testid="latch-tokens-total">
        {formatUsd(totalUsd, locale)}
      </p>
      <ul className="latch-list" aria-label={t('tokens.label')}>
        {balances.map((token) => (
          <li
            key={token.address ?? `native:${token.symbol}`}
            className="latch-list-item latch-token-row"
            data-testid="latch-token-row"
            data-symbol={token.symbol}
          >
            <img className="latch-token-icon" src={token.iconUrl} alt="" width={32} height={32} />
            <span className="latch-list-item-label">
              <span>{token.name}</span>
              <span className="latch-muted" data-testid="latch-token-quantity">
                {formatDecimal(truncateDecimal(token.quantity.numeric), locale)} {token.symbol}
              </span>
            </span>
            <span data-testid="latch-token-value">
              {token.value !== undefined ? formatUsd(token.value, locale) : '—'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
