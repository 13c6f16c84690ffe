import { formatFiatAmount, formatOnrampAmount, type OnrampQuote } from '@latch/core'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** Shown with a mocked quote: the server could not price it. */
export const MOCKED_QUOTE_NOTE: MessageKey = 'quote.mocked'

/** The quote's lines: what arrives, each fee and the total; a placeholder while it loads. */
export function QuoteDetails(props: { quote: OnrampQuote | undefined; loading: boolean }) {
  const { quote, loading } = props
  const { t, locale } = useI18n()
  if (!quote && !loading) return null
  const pending = loading ? '…' : undefined
  return (
    <div className="latch-swap-details" aria-live="polite" aria-busy={loading}>
      <dl>
        <div>
          <dt>{t('quote.youGet')}</dt>
          <dd data-testid="latch-onramp-quote-amount">
            {pending ??
              (quote && !quote.mocked
                ? t('quote.approx', { amount: formatOnrampAmount(quote.purchaseAmount, locale) })
                : '—')}
          </dd>
        </div>
        {quote && !quote.mocked && !loading && (
          <>
            <div>
              <dt>{t('quote.providerFee')}</dt>
              <dd>{formatFiatAmount(quote.coinbaseFee, locale)}</dd>
            </div>
            <div>
              <dt>{t('quote.networkFee')}</dt>
              <dd>{formatFiatAmount(quote.networkFee, locale)}</dd>
            </div>
          </>
        )}
        {quote && !loading && (
          <div>
            <dt>{t('quote.total')}</dt>
            <dd>{formatFiatAmount(quote.paymentTotal, locale)}</dd>
          </div>
        )}
      </dl>
      {quote?.mocked && !loading && <p className="latch-muted">{t(MOCKED_QUOTE_NOTE)}</p>}
    </div>
  )
}
