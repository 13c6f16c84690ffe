import type { EmbeddedController } from '@latch/core'
import { OtpStep } from '../../components/OtpStep.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Rich } from '../../i18n/Rich.tsx'

/** UpdateEmailPrimaryOtp: the code sent to the current address proves the change is wanted. */
export function UpdateEmailPrimaryOtp() {
  const { embedded } = useLatchInstance()
  if (!embedded) return null
  return <Primary embedded={embedded} />
}

function Primary({ embedded }: { embedded: EmbeddedController }) {
  const { user } = useStore(embedded.state)
  return (
    <OtpStep
      embedded={embedded}
      testId="latch-update-email-primary"
      prompt={
        <>
          <Rich id="otp.enterCurrent" values={{ email: <strong>{user?.email}</strong> }} />
        </>
      }
      submit={(code) => embedded.updateEmailPrimaryOtp(code)}
    />
  )
}
