import { formatFiatAmount, formatOnrampAmount, type OnrampQuote } from '@latch/core'

/** Shown with a mocked quote: the server could not price it. */
export const MOCKED_QUOTE_NOTE = 'The provider will show the final amount'

/** The quote's lines: what arrives, each fee and the total; a placeholder while it loads. */
export function QuoteDetails(props: { quote: OnrampQuote | undefined; loading: boolean }) {
  const { quote, loading } = props
  if (!quote && !loading) return null
  const pending = loading ? '…' : undefined
  return (
    <div className="latch-swap-details" aria-live="polite" aria-busy={loading}>
      <dl>
        <div>
          <dt>You get</dt>
          <dd data-testid="latch-onramp-quote-amount">
            {pending ??
              (quote && !quote.mocked ? `≈ ${formatOnrampAmount(quote.purchaseAmount)}` : '—')}
          </dd>
        </div>
        {quote && !quote.mocked && !loading && (
          <>
            <div>
              <dt>Provider fee</dt>
              <dd>{formatFiatAmount(quote.coinbaseFee)}</dd>
            </div>
            <div>
              <dt>Network fee</dt>
              <dd>{formatFiatAmount(quote.networkFee)}</dd>
            </div>
          </>
        )}
        {quote && !loading && (
          <div>
            <dt>Total</dt>
            <dd>{formatFiatAmount(quote.paymentTotal)}</dd>
          </div>
        )}
      </dl>
      {quote?.mocked && !loading && <p className="latch-muted">{MOCKED_QUOTE_NOTE}</p>}
    </div>
  )
}
