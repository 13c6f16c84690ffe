import { useEffect, useRef } from 'react'
import { useLatchInstance } from '../../context.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * ApproveTransaction: a place for the embedded wallet's own approval screen. The frame (on its own
 * origin) is laid over this box and draws Approve and Reject itself, so the site cannot click them
 * for the visitor; closing the modal or going back rejects the request.
 */
export function ApproveTransaction() {
  const { embedded } = useLatchInstance()
  const box = useRef<HTMLDivElement>(null)
  const { t } = useI18n()

  useEffect(() => {
    const element = box.current
    if (!element || !embedded) return
    return embedded.showFrame(element)
  }, [embedded])

  return (
    <div ref={box} className="latch-approve-frame" data-testid="latch-approve-transaction">
      <p className="latch-muted" aria-live="polite">
        {embedded ? t('approve.opening') : t('approve.inWallet')}
      </p>
    </div>
  )
}
