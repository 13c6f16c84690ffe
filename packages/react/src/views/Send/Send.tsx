import { useLatchInstance } from '../../context.ts'
import { useLatchAccount, useLatchNetwork } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { readPromise } from '../../suspense/readPromise.ts'
import { SendForm } from './SendForm.tsx'
import { SendResultView } from './SendResult.tsx'
import { SendReviewView } from './SendReview.tsx'

/**
 * Send: token, amount (Max keeps the fee back for the native coin), receiver, a review
 * with the network fee checked against the balance, and one result screen whatever the wallet.
 * The flow lives in the kit (`latch.sendFlow`), loaded with the view; this view renders it.
 */
export function Send() {
  const latch = useLatchInstance()
  // Loaded with the view (its registry entry): there at once. Rendered without that (no preload),
  // it waits for the same load, never for a new one.
  const flow = latch.sendFlow.current() ?? readPromise(latch.sendFlow.load())
  const state = useStore(flow.state)
  const account = useLatchAccount()
  const network = useLatchNetwork()
  const { t } = useI18n()
  if (!account.address) return null
  if (network.unsupported && state.step !== 'sent') {
    return (
      <p className="latch-muted latch-center" role="alert">
        {t('send.unsupported')}
      </p>
    )
  }
  if (state.step === 'sent' && state.result)
    return <SendResultView flow={flow} result={state.result} />
  if ((state.step === 'review' || state.step === 'sending') && state.review)
    return <SendReviewView flow={flow} state={state} review={state.review} />
  return <SendForm flow={flow} state={state} />
}
