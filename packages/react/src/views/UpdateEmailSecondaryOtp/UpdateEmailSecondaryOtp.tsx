import type { EmbeddedController } from '@latch/core'
import { OtpStep } from '../../components/OtpStep.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Rich } from '../../i18n/Rich.tsx'

/** UpdateEmailSecondaryOtp: the code sent to the new address; then the account uses it. */
export function UpdateEmailSecondaryOtp() {
  const { embedded } = useLatchInstance()
  if (!embedded) return null
  return <Secondary embedded={embedded} />
}

function Secondary({ embedded }: { embedded: EmbeddedController }) {
  const { newEmail } = useStore(embedded.state)
  return (
    <OtpStep
      embedded={embedded}
      testId="latch-update-email-secondary"
      prompt={
        <>
          <Rich id="otp.enterCode" values={{ email: <strong>{newEmail}</strong> }} />
        </>
      }
      submit={(code) => embedded.updateEmailSecondaryOtp(code)}
    />
  )
}
