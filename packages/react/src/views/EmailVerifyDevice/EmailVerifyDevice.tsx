import type { EmbeddedController } from '@latch/core'
import { useEffect } from 'react'
import { ResendButton } from '../../components/ResendButton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Rich } from '../../i18n/Rich.tsx'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * EmailVerifyDevice: a known user on a new device approves it from the mailed link first; the view
 * waits for that, then the code follows (EmailVerifyOtp).
 */
export function EmailVerifyDevice() {
  const { embedded } = useLatchInstance()
  if (!embedded) return null
  return <AwaitDevice embedded={embedded} />
}

function AwaitDevice({ embedded }: { embedded: EmbeddedController }) {
  const { email, error, lastEmailAttemptAt } = useStore(embedded.state)
  const { t, known } = useI18n()

  // Waits while the view shows; a resent link starts a new wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastEmailAttemptAt marks a new link
  useEffect(() => {
    const controller = new AbortController()
    void embedded.awaitDevice(controller.signal)
    return () => controller.abort()
  }, [embedded, lastEmailAttemptAt])

  return (
    <div className="latch-center" data-testid="latch-email-verify-device">
      <span className="latch-wallet-image latch-wallet-tile" data-size="lg" aria-hidden="true">
        ✉
      </span>
      <p>
        <Rich id="device.approve" values={{ email: <strong>{email}</strong> }} />
      </p>
      <p className="latch-muted">{t('device.help')}</p>
      <p className="latch-muted" aria-live="polite">
        {t('device.waiting')}
      </p>
      {error && (
        <p className="latch-error-text" role="alert">
          {known(error)}
        </p>
      )}
      <ResendButton embedded={embedded} label={t('device.resend')} />
    </div>
  )
}
