import type { EmbeddedController } from '@latch/core'
import { type ReactNode, useState } from 'react'
import { useModalEffects } from '../hooks/useModalEffects.ts'
import { useStore } from '../hooks/useStore.ts'
import { useI18n } from '../i18n/useI18n.ts'
import { OtpInput } from './OtpInput.tsx'
import { ResendButton } from './ResendButton.tsx'

/**
 * A code step: what was sent where, the six digits, the refusal (role alert) with the inputs
 * cleared, and 'Resend code'. `submit` resolves whether the code was taken.
 */
export function OtpStep({
  embedded,
  prompt,
  submit,
  testId,
}: {
  embedded: EmbeddedController
  prompt: ReactNode
  submit(code: string): Promise<boolean>
  testId: string
}) {
  const { pending, error } = useStore(embedded.state)
  const { shake } = useModalEffects()
  const { t, known } = useI18n()
  const [cleared, setCleared] = useState(0)

  const onComplete = (code: string) => {
    void submit(code).then((accepted) => {
      if (accepted) return
      shake()
      setCleared((count) => count + 1)
    })
  }

  return (
    <div className="latch-center" data-testid={testId} aria-busy={pending}>
      <p>{prompt}</p>
      <p className="latch-muted">{t('otp.valid')}</p>
      <OtpInput onComplete={onComplete} disabled={pending} clearSignal={cleared} />
      {pending && (
        <p className="latch-muted" aria-live="polite">
          {t('otp.verifying')}
        </p>
      )}
      {error && (
        <p className="latch-error-text" role="alert">
          {known(error)}
        </p>
      )}
      <ResendButton embedded={embedded} />
    </div>
  )
}
