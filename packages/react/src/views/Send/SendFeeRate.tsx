import { type FeeSpeed, formatUsd, type SendFeeRate, type SendFlowController } from '@latch/core'
import type { Locale } from '@latch/protocol/i18n'
import { useId } from 'react'
import { onArrowKeys } from '../../components/arrowKeys.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'

const SPEED_LABELS: Record<FeeSpeed, MessageKey> = {
  slow: 'fee.slow',
  normal: 'fee.normal',
  fast: 'fee.fast',
}

/** A fee in USD as the fee line writes it: under a cent is '<$0.01'. */
const usdOf = (usd: number | undefined, locale: Locale) =>
  usd === undefined ? undefined : usd < 0.01 ? '<$0.01' : formatUsd(usd, locale)

/**
 * Bitcoin's fee rate: slow, normal or fast from the server's rates, each with its rate in sat/vB
 * and what it costs this transfer in USD, or a rate typed. The flow keeps the choice.
 */
export function SendFeeRateChoice(props: { flow: SendFlowController; feeRate: SendFeeRate }) {
  const { flow, feeRate } = props
  const customId = useId()
  const { t, locale } = useI18n()
  if (feeRate.status === 'loading')
    return (
      <p className="latch-muted" aria-busy="true">
        {t('fee.reading')}
      </p>
    )
  return (
    <>
      <div
        className="latch-tabs"
        role="radiogroup"
        aria-label={t('fee.rate')}
        onKeyDown={onArrowKeys}
      >
        {feeRate.options.map((option) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons, as the Account tabs.
          <button
            key={option.speed}
            type="button"
            role="radio"
            className="latch-tab latch-tab-stacked"
            data-testid={`latch-fee-speed-${option.speed}`}
            aria-checked={feeRate.choice === option.speed}
            onClick={() => flow.setFeeSpeed(option.speed)}
          >
            <span>{t(SPEED_LABELS[option.speed])}</span>
            <span className="latch-tab-detail">{t('fee.satPerVb', { rate: option.rate })}</span>
            {option.usd !== undefined && (
              <span className="latch-tab-detail">{usdOf(option.usd, locale)}</span>
            )}
          </button>
        ))}
        {/* biome-ignore lint/a11y/useSemanticElements: one more option of the segmented control. */}
        <button
          type="button"
          role="radio"
          className="latch-tab latch-tab-stacked"
          aria-checked={feeRate.choice === 'custom'}
          onClick={() => flow.setFeeSpeed('custom')}
        >
          {t('fee.custom')}
        </button>
      </div>
      {feeRate.status === 'unavailable' && feeRate.choice !== 'custom' && (
        <p className="latch-error-text" role="alert">
          {t('fee.unavailable')}
        </p>
      )}
      {feeRate.choice === 'custom' && (
        <>
          <label htmlFor={customId}>{t('fee.customLabel')}</label>
          <input
            id={customId}
            className="latch-input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="1"
            value={feeRate.custom}
            onChange={(event) => flow.setCustomFeeRate(event.target.value)}
          />
        </>
      )}
    </>
  )
}
