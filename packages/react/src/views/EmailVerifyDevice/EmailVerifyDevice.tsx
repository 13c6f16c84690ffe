import type { EmbeddedController } from '@latch/core'
import { useEffect } from 'react'
import { ResendButton } from '../../components/ResendButton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

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
        Approve the login link we sent to <strong>{email}</strong>
      </p>
      <p className="latch-muted">
        This device is new to your account. Open the link in that email to approve it; we then send
        you a code to finish logging in.
      </p>
      <p className="latch-muted" aria-live="polite">
        Waiting for the approval…
      </p>
      {error && (
        <p className="latch-error-text" role="alert">
          {error}
        </p>
      )}
      <ResendButton embedded={embedded} label="Resend link" />
    </div>
  )
}
