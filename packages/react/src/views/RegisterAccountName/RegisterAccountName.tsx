import { type FormEvent, useEffect, useId } from 'react'
import { useLatchInstance } from '../../context.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { NameStatus } from './NameStatus.tsx'

/**
 * RegisterAccountName: a name under the site's zone, checked as the visitor types (letters,
 * digits, hyphens, at least 4), with debounced suggestions; Register signs with the wallet.
 */
export function RegisterAccountName() {
  const latch = useLatchInstance()
  const { names } = latch
  const suggestions = useStore(names.suggestions.state)
  const registration = useStore(names.registration)
  const { shake } = useModalEffects()
  const { t, known } = useI18n()
  const inputId = useId()
  const statusId = useId()

  // Each visit starts from an empty field; leaving drops a lookup still in flight.
  useEffect(() => {
    names.reset()
    return () => names.reset()
  }, [names])

  const busy = registration.status === 'signing' || registration.status === 'registering'
  const taken = suggestions.asked?.label === suggestions.label && !suggestions.asked.available
  const canRegister = suggestions.label !== '' && !suggestions.issue && !taken && !busy

  const register = async (event: FormEvent) => {
    event.preventDefault()
    if (!canRegister) return
    const record = await names.register(suggestions.label)
    if (record) latch.router.replace('RegisterAccountNameSuccess', { name: record.name })
    else if (names.registration.get().status === 'error') shake()
  }

  return (
    <form className="latch-list latch-form" onSubmit={(event) => void register(event)} noValidate>
      <label htmlFor={inputId}>{t('name.label')}</label>
      <div className="latch-name-field">
        <input
          id={inputId}
          className="latch-input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('name.placeholder')}
          maxLength={128}
          aria-describedby={statusId}
          aria-invalid={suggestions.issue ? true : undefined}
          disabled={busy}
          value={suggestions.input}
          onChange={(event) => names.suggestions.setInput(event.target.value)}
        />
        <span className="latch-name-zone" aria-hidden="true">
          .{names.zone}
        </span>
      </div>
      <div id={statusId} aria-live="polite">
        <NameStatus state={suggestions} onPick={(label) => names.suggestions.setInput(label)} />
      </div>
      {registration.status === 'error' && registration.error && (
        <p className="latch-error-text" role="alert">
          {known(registration.error)}
        </p>
      )}
      <button type="submit" className="latch-button" disabled={!canRegister}>
        {registration.status === 'signing'
          ? t('name.confirm')
          : registration.status === 'registering'
            ? t('name.registering')
            : t('name.register')}
      </button>
    </form>
  )
}
