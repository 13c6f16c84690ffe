import type { EmbeddedController } from '@latch/core'
import { OtpStep } from '../../components/OtpStep.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

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
          Enter the code we sent to <strong>{newEmail}</strong>
        </>
      }
      submit={(code) => embedded.updateEmailSecondaryOtp(code)}
    />
  )
}
