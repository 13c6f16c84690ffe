import type { EmbeddedController } from '@latch/core'
import { OtpStep } from '../../components/OtpStep.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** EmailVerifyOtp: the 6-digit code mailed to the visitor; a right one connects. */
export function EmailVerifyOtp() {
  const { embedded } = useLatchInstance()
  if (!embedded) return null
  return <Verify embedded={embedded} />
}

function Verify({ embedded }: { embedded: EmbeddedController }) {
  const { email } = useStore(embedded.state)
  return (
    <OtpStep
      embedded={embedded}
      testId="latch-email-verify-otp"
      prompt={
        <>
          Enter the code we sent to <strong>{email}</strong>
        </>
      }
      submit={(code) => embedded.connectOtp(code)}
    />
  )
}
