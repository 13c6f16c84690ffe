import { formatUsd, isValidSlippage, SLIPPAGE_RANGE, type SwapSummary } from '@latch/core'
import { useId, useState } from 'react'

/** Above this price impact, in percent, the line is shown as a warning. */
const HIGH_PRICE_IMPACT = 5

const percent = (value: number) => (value > 0 && value < 0.01 ? '<0.01%' : `${value.toFixed(2)}%`)
const usd = (value: number) => (value > 0 && value < 0.01 ? '<$0.01' : formatUsd(value))

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
  const [slippageText, setSlippageText] = useState(String(props.slippage))
  const [slippageError, setSlippageError] = useState<string>()

  const changeSlippage = (text: string) => {
    setSlippageText(text)
    const value = Number(text)
    if (text.trim() !== '' && isValidSlippage(value) && props.onSlippage(value)) {
      setSlippageError(undefined)
    } else {
      setSlippageError(
        `Slippage must be more than ${SLIPPAGE_RANGE.min}% and at most ${SLIPPAGE_RANGE.max}%`,
      )
    }
  }

  return (
    <div className="latch-swap-details">
      <dl>
        {summary.rate && (
          <div>
            <dt>Rate</dt>
            <dd data-testid="latch-swap-rate">{summary.rate}</dd>
          </div>
        )}
        {summary.priceImpact !== undefined && (
          <div data-level={summary.priceImpact > HIGH_PRICE_IMPACT ? 'high' : undefined}>
            <dt>Price impact</dt>
            <dd data-testid="latch-swap-price-impact">{percent(summary.priceImpact)}</dd>
          </div>
        )}
        {summary.rate && (
          <div>
            <dt>Network fee</dt>
            <dd data-testid="latch-swap-network-fee">
              {summary.networkFeeUsd !== undefined ? usd(summary.networkFeeUsd) : 'Unknown'}
            </dd>
          </div>
        )}
        {summary.minimumReceived && (
          <div>
            <dt>Minimum received</dt>
            <dd data-testid="latch-swap-minimum">{summary.minimumReceived}</dd>
          </div>
        )}
      </dl>
      <div className="latch-row latch-swap-slippage">
        <label htmlFor={slippageId}>Slippage tolerance (%)</label>
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
