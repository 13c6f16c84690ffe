import { formatDecimal, formatUsd, truncateDecimal } from '@latch/core'
import { SkeletonRows } from '../../components/Skeleton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** The Tokens tab: each holding truncated to 3 decimals, values and total in USD. */
export function TokensTab() {
  const latch = useLatchInstance()
  const { status, balances, totalUsd } = useStore(latch.balances.state)

  if (status === 'loading' && balances.length === 0) {
    return <SkeletonRows count={4} label="Loading balances" testId="latch-tokens-loading" />
  }
  if (balances.length === 0) {
    return (
      <p className="latch-muted latch-center">
        {status === 'error' ? 'Balances are unavailable' : 'No tokens yet'}
      </p>
    )
  }
  return (
    <div className="latch-list">
      <p className="latch-total" data-testid="latch-tokens-total">
        {formatUsd(totalUsd)}
      </p>
      <ul className="latch-list" aria-label="Tokens">
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
                {formatDecimal(truncateDecimal(token.quantity.numeric))} {token.symbol}
              </span>
            </span>
            <span data-testid="latch-token-value">
              {token.value !== undefined ? formatUsd(token.value) : '—'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
