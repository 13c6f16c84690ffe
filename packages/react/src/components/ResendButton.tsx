import type { EmbeddedController } from '@latch/core'
import { useCountdown } from '../hooks/useCountdown.ts'
import { useStore } from '../hooks/useStore.ts'

/**
 * 'Resend code', or 'Resend in 27s' for 30 s after each send. Still clickable meanwhile: the
 * click then says how long to wait ('Please try again after {n} seconds').
 */
export function ResendButton({
  embedded,
  label = 'Resend code',
}: {
  embedded: EmbeddedController
  label?: string
}) {
  const { resendAvailableAt, pending } = useStore(embedded.state)
  const seconds = useCountdown(resendAvailableAt)
  return (
    <button
      type="button"
      className="latch-link-button"
      data-testid="latch-resend"
      disabled={pending}
      onClick={() => void embedded.resendCode()}
    >
      {seconds > 0 ? `Resend in ${seconds}s` : label}
    </button>
  )
}
