import { type FormEvent, useId, useState } from 'react'

/**
 * An email form: the input (labelled, type email), a submit button enabled once something is
 * typed, and the error below it as an alert. The kit checks the address on submit and says when it
 * is not a valid email, rather than leaving a dead button unexplained.
 */
export function EmailField({
  label,
  submitLabel,
  error,
  pending,
  onSubmit,
  testId,
  hideLabel = false,
}: {
  label: string
  submitLabel: string
  error: string | undefined
  pending: boolean
  onSubmit(email: string): void
  testId: string
  hideLabel?: boolean
}) {
  const [email, setEmail] = useState('')
  const inputId = useId()
  const errorId = useId()
  const typed = email.trim() !== ''

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (typed && !pending) onSubmit(email)
  }

  return (
    <form className="latch-form latch-email-form" onSubmit={submit} noValidate data-testid={testId}>
      <label htmlFor={inputId} className={hideLabel ? 'latch-visually-hidden' : undefined}>
        {label}
      </label>
      <div className="latch-row">
        <input
          id={inputId}
          className="latch-input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={label}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="latch-button" disabled={!typed || pending}>
          {pending ? '…' : submitLabel}
        </button>
      </div>
      {error && (
        <p id={errorId} className="latch-error-text" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
