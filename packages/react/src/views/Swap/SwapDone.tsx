import { formatDecimal } from '@latch/core'
import { useLatchInstance } from '../../context.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** A finished swap: what was paid and received, its transaction, and the way to swap again or leave. */
export function SwapDone(props: {
  /** Decimal amounts, formatted here in the visitor's locale. */
  paid: string
  received: string
  from: string
  to: string
  txHash: string | undefined
}) {
  const latch = useLatchInstance()
  const { t, locale } = useI18n()
  return (
    <div className="latch-center" data-testid="latch-swap-done">
      <p role="status">
        {t('swap.swapped', {
          paid: formatDecimal(props.paid, locale),
          from: props.from,
          received: formatDecimal(props.received, locale),
          to: props.to,
        })}
      </p>
      {props.txHash && <p className="latch-muted latch-address-text">{props.txHash}</p>}
      <div className="latch-actions">
        <button type="button" className="latch-button" onClick={() => latch.swap.startOver()}>
          {t('swap.again')}
        </button>
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={() => latch.router.goBack()}
        >
          {t('common.done')}
        </button>
      </div>
    </div>
  )
}
