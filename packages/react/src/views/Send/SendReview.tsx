import type { SendFlowController, SendFlowState, SendReview } from '@latch/core'
import { useEffect } from 'react'
import { useLatchNetwork } from '../../hooks/useLatch.ts'
import { useModalEffects } from '../../modal/context.ts'
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
  const network = useLatchNetwork().caipNetwork
  const sending = state.step === 'sending'
  const problem = review.shortfall ?? state.error

  useEffect(() => {
    if (problem) shake()
  }, [problem, shake])

  return (
    <div className="latch-list" data-testid="latch-send-review">
      <p className="latch-center">
        Send {review.request.amount} {review.request.token?.symbol}
      </p>
      {review.receiverName ? (
        <>
          <p className="latch-muted">to {review.receiverName}</p>
          <p className="latch-muted latch-address-text">{review.request.receiver}</p>
        </>
      ) : (
        <p className="latch-muted latch-address-text">to {review.request.receiver}</p>
      )}
      {network && <p className="latch-muted">on {network.name}</p>}
      <SendFeeLine fee={state.fee} estimate="up to" />
      {problem && (
        <p className="latch-error-text" role="alert">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="latch-button"
        disabled={sending || state.fee.status === 'loading' || review.shortfall !== undefined}
        onClick={() => void flow.send()}
      >
        {sending ? 'Confirm in your wallet…' : 'Send'}
      </button>
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        disabled={sending}
        onClick={() => flow.edit()}
      >
        Edit
      </button>
    </div>
  )
}
