import type { SendFlowController, SendFlowState, SendReview } from '@latch/core'
import { useEffect } from 'react'
import { useLatchNetwork } from '../../hooks/useLatch.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { SendFeeLine } from './SendFee.tsx'

/**
 * The review: what goes where, on which network, the fee, and Send once the fee was checked against the balance;
 * a balance that cannot pay says how much is missing and Send stays off.
 */
export function SendReviewView(props: {
  flow: SendFlowController
  state: SendFlowState
  review: SendReview
}) {
  const { flow, state, review } = props
  const { shake } = useModalEffects()
  const { t, known } = useI18n()
  const network = useLatchNetwork().caipNetwork
  const sending = state.step === 'sending'
  const problem = review.shortfall ?? state.error

  useEffect(() => {
    if (problem) shake()
  }, [problem, shake])

  return (
    <div className="latch-list" data-testid="latch-send-review">
      <p className="latch-center">
        {t('send.sendAmount', {
          amount: review.request.amount ?? '',
          symbol: review.request.token?.symbol ?? '',
        })}
      </p>
      {review.receiverName ? (
        <>
          <p className="latch-muted">{t('send.to', { receiver: review.receiverName })}</p>
          <p className="latch-muted latch-address-text">{review.request.receiver}</p>
        </>
      ) : (
        <p className="latch-muted latch-address-text">
          {t('send.to', { receiver: review.request.receiver })}
        </p>
      )}
      {network && <p className="latch-muted">{t('send.on', { network: network.name })}</p>}
      <SendFeeLine fee={state.fee} estimate="up to" />
      {problem && (
        <p className="latch-error-text" role="alert">
          {known(problem)}
        </p>
      )}
      <button
        type="button"
        className="latch-button"
        disabled={sending || state.fee.status === 'loading' || review.shortfall !== undefined}
        onClick={() => void flow.send()}
      >
        {sending ? t('send.confirmInWallet') : t('send.send')}
      </button>
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        disabled={sending}
        onClick={() => flow.edit()}
      >
        {t('send.edit')}
      </button>
    </div>
  )
}
