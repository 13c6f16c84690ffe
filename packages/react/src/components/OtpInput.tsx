import { OTP_LENGTH } from '@latch/core'
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useI18n } from '../i18n/useI18n.ts'

const empty = () => Array.from({ length: OTP_LENGTH }, () => '')

/**
 * Six one-digit inputs ('Digit 1'..'Digit 6'): typing moves on, Backspace goes back, pasting (or
 * the phone's autofill of) a whole code anywhere fills them all. `onComplete` gets the full code.
 * A new `clearSignal` empties them and focuses the first.
 */
export function OtpInput({
  onComplete,
  disabled = false,
  clearSignal = 0,
}: {
  onComplete(code: string): void
  disabled?: boolean
  clearSignal?: number
}) {
  const [digits, setDigits] = useState(empty)
  const { t } = useI18n()
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => inputs.current[index]?.focus()

  // biome-ignore lint/correctness/useExhaustiveDependencies: clearSignal is the trigger itself
  useEffect(() => {
    setDigits(empty())
    focus(0)
  }, [clearSignal])

  const commit = (next: string[], focusAt: number) => {
    setDigits(next)
    focus(Math.min(focusAt, OTP_LENGTH - 1))
    if (next.every((digit) => digit !== '')) onComplete(next.join(''))
  }

  const enter = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '')
    if (typed.length >= OTP_LENGTH) {
      // A whole code at once: autofill or a paste the browser put in one field.
      commit(typed.slice(0, OTP_LENGTH).split(''), OTP_LENGTH - 1)
      return
    }
    const next = [...digits]
    if (typed === '') {
      next[index] = ''
      setDigits(next)
      return
    }
    // Typing over a digit leaves both in the field: keep the new one.
    const previous = digits[index] ?? ''
    const added =
      previous && typed.length === 2 && typed.startsWith(previous) ? typed.slice(1) : typed
    for (let offset = 0; offset < added.length && index + offset < OTP_LENGTH; offset++)
      next[index + offset] = added[offset] ?? ''
    commit(next, index + added.length)
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault()
      const next = [...digits]
      next[index - 1] = ''
      setDigits(next)
      focus(index - 1)
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault()
      focus(index + 1)
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const code = event.clipboardData.getData('text').replace(/\D/g, '')
    if (code.length !== OTP_LENGTH) return
    event.preventDefault()
    commit(code.split(''), OTP_LENGTH - 1)
  }

  return (
    <fieldset className="latch-otp" aria-label={t('otp.label')} disabled={disabled}>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six fields are fixed positions
          key={index}
          ref={(element) => {
            inputs.current[index] = element
          }}
          className="latch-input latch-otp-digit"
          aria-label={t('otp.digit', { index: index + 1 })}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          value={digit}
          onChange={(event) => enter(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  )
}
