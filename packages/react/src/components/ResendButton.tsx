import type { EmbeddedController } from '@latch/core'
import { useCountdown } from '../hooks/useCountdown.ts'
import { useStore } from '../hooks/useStore.ts'
import { useI18n } from '../i18n/useI18n.ts'

/**
 * 'Resend code', or 'Resend in 27s' for 30 s after each send. Still clickable meanwhile: the
 * click then says how long to wait ('Please try again after {n} seconds').
 */
export function ResendButton({
  embedded,
  label,
}: {
  embedded: EmbeddedController
  label?: string
}) {
  const { resendAvailableAt, pending } = useStore(embedded.state)
  const { t } = useI18n()
  const seconds = useCountdown(resendAvailableAt)
  return (
    <button
      type="button"
      className="latch-link-button"
      data-testid="latch-resend"
      disabled={pending}
      onClick={() => void embedded.resendCode()}
    >
      {seconds > 0 ? t('otp.resendIn', { seconds }) : (label ?? t('otp.resend'))}
    </button>
  )
}
