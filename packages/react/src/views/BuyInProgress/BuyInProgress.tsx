import { formatOnrampAmount, ONRAMP_PROVIDER_INFO, ONRAMP_PURCHASE_FAILED } from '@latch/core'
import { useEffect } from 'react'
import { useLatchInstance } from '../../context.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * BuyInProgress: the purchase at the provider. A sandbox order shows "Waiting for payment" (with
 * the provider's refusal of a payment), then "Sending …" until it completes (back to Account; the
 * snackbar says what was bought) or fails (its reason, and "Try again").
 */
export function BuyInProgress() {
  const latch = useLatchInstance()
  const { checkout, order, error } = useStore(latch.onramp.state)
  const { shake } = useModalEffects()
  const { t, known, locale } = useI18n()
  const status = checkout?.status

  useEffect(() => {
    if (status === 'completed') {
      const history = latch.router.state.get().history
      const index = history.lastIndexOf('Account')
      if (index >= 0) latch.router.goBackToIndex(index)
      else latch.router.reset('Account')
    } else if (status === 'failed') shake()
  }, [latch, status, shake])

  if (!checkout) {
    return (
      <div className="latch-center">
        <p className="latch-muted">{t('buy.none')}</p>
        <button type="button" className="latch-button" onClick={() => latch.router.goBack()}>
          {t('common.back')}
        </button>
      </div>
    )
  }

  const label = ONRAMP_PROVIDER_INFO[checkout.provider].label
  const awaitingPayment = checkout.orderId && (!order || order.status === 'created')
  const statusText =
    status === 'opening'
      ? t('buy.opening', { provider: label })
      : status === 'closed'
        ? t('buy.closed', { provider: label })
        : status === 'failed'
          ? t('buy.failed')
          : status === 'completed'
            ? t('buy.complete')
            : !checkout.orderId
              ? t('buy.completeIn', { provider: label })
              : order?.status === 'pending'
                ? t('buy.sending', { amount: formatOnrampAmount(order.purchaseAmount, locale) })
                : t('buy.waiting')
  // The provider's window is needed until the payment is made (a sandbox order says when).
  const canReopen =
    checkout.url !== undefined &&
    (status === 'closed' || (status === 'open' && (awaitingPayment || !checkout.orderId)))

  return (
    <div className="latch-center">
      <p role="status" data-testid="latch-onramp-status" aria-live="polite">
        {statusText}
      </p>
      {awaitingPayment && status === 'open' && (
        <p className="latch-muted">{t('buy.payIn', { provider: label })}</p>
      )}
      {order?.paymentError && status === 'open' && awaitingPayment && (
        <p className="latch-error-text" role="alert">
          {known(order.paymentError)}
        </p>
      )}
      {status === 'failed' && (
        <p className="latch-error-text" role="alert">
          {known(order?.failureReason ?? error ?? ONRAMP_PURCHASE_FAILED)}
        </p>
      )}
      {error && status !== 'failed' && (
        <p className="latch-error-text" role="alert">
          {known(error)}
        </p>
      )}
      {canReopen && (
        <button type="button" className="latch-link-button" onClick={() => latch.onramp.reopen()}>
          {t('buy.reopen')}
        </button>
      )}
      {status === 'failed' && (
        <button type="button" className="latch-button" onClick={() => latch.router.goBack()}>
          {t('common.tryAgain')}
        </button>
      )}
      {status === 'closed' && (
        <button
          type="button"
          className="latch-button"
          onClick={() => latch.router.reset('Account')}
        >
          {t('common.backToAccount')}
        </button>
      )}
    </div>
  )
}
