import type { EmbeddedController } from '@latch/core'
import { OtpStep } from '../../components/OtpStep.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Rich } from '../../i18n/Rich.tsx'

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
          <Rich id="otp.enterCode" values={{ email: <strong>{email}</strong> }} />
        </>
      }
      submit={(code) => embedded.connectOtp(code)}
    />
  )
}
