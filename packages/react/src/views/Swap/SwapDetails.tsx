import { formatUsd, isValidSlippage, SLIPPAGE_RANGE, type SwapSummary } from '@latch/core'
import type { Locale } from '@latch/protocol/i18n'
import { useId, useState } from 'react'
import { useI18n } from '../../i18n/useI18n.ts'

/** Above this price impact, in percent, the line is shown as a warning. */
const HIGH_PRICE_IMPACT = 5

const percent = (value: number) => (value > 0 && value < 0.01 ? '<0.01%' : `${value.toFixed(2)}%`)
const usd = (value: number, locale: Locale) =>
  value > 0 && value < 0.01 ? '<$0.01' : formatUsd(value, locale)

/** The quote's rate, price impact, network fee and minimum received, and the slippage field. */
export function SwapDetails(props: {
  summary: SwapSummary
  slippage: number
  disabled: boolean
  onSlippage(percent: number): boolean
}) {
  const { summary } = props
  const slippageId = useId()
  const errorId = useId()
  const { t, locale } = useI18n()
  const [slippageText, setSlippageText] = useState(String(props.slippage))
  const [slippageError, setSlippageError] = useState<string>()

  const changeSlippage = (text: string) => {
    setSlippageText(text)
    const value = Number(text)
    if (text.trim() !== '' && isValidSlippage(value) && props.onSlippage(value)) {
      setSlippageError(undefined)
    } else {
      setSlippageError(
        t('swap.slippageRange', { min: SLIPPAGE_RANGE.min, max: SLIPPAGE_RANGE.max }),
      )
    }
  }

  return (
    <div className="latch-swap-details">
      <dl>
        {summary.rate && (
          <div>
            <dt>{t('swap.rate')}</dt>
            <dd data-testid="latch-swap-rate">{summary.rate}</dd>
          </div>
        )}
        {summary.priceImpact !== undefined && (
          <div data-level={summary.priceImpact > HIGH_PRICE_IMPACT ? 'high' : undefined}>
            <dt>{t('swap.priceImpact')}</dt>
            <dd data-testid="latch-swap-price-impact">{percent(summary.priceImpact)}</dd>
          </div>
        )}
        {summary.rate && (
          <div>
            <dt>{t('swap.networkFee')}</dt>
            <dd data-testid="latch-swap-network-fee">
              {summary.networkFeeUsd !== undefined
                ? usd(summary.networkFeeUsd, locale)
                : t('swap.unknown')}
            </dd>
          </div>
        )}
        {summary.minimumReceived && (
          <div>
            <dt>{t('swap.minimum')}</dt>
            <dd data-testid="latch-swap-minimum">{summary.minimumReceived}</dd>
          </div>
        )}
      </dl>
      <div className="latch-row latch-swap-slippage">
        <label htmlFor={slippageId}>{t('swap.slippage')}</label>
        <input
          id={slippageId}
          className="latch-input"
          inputMode="decimal"
          autoComplete="off"
          disabled={props.disabled}
          value={slippageText}
          aria-invalid={slippageError ? 'true' : undefined}
          aria-describedby={slippageError ? errorId : undefined}
          onChange={(event) => changeSlippage(event.target.value)}
        />
      </div>
      {slippageError && (
        <p id={errorId} className="latch-error-text" role="alert">
          {slippageError}
        </p>
      )}
    </div>
  )
}
