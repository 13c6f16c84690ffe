import type { NameSuggestionsState } from '@latch/core'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * What is known of the typed name: the rule it breaks, whether it is free, the free
 * variants to pick, or 'Error fetching name suggestions'.
 */
export function NameStatus({
  state,
  onPick,
}: {
  state: NameSuggestionsState
  onPick(label: string): void
}) {
  const { t, known } = useI18n()
  if (state.issue) return <p className="latch-error-text">{known(state.issue)}</p>
  if (state.status === 'loading')
    return (
      <p className="latch-muted" aria-busy="true">
        {t('name.checking')}
      </p>
    )
  if (state.status === 'error')
    return <p className="latch-error-text">{state.error && known(state.error)}</p>
  if (state.status !== 'success') return null
  return (
    <div className="latch-list">
      {state.asked && (
        <p className="latch-name-status">
          <span>{state.asked.name}</span>
          <span
            className="latch-tag"
            data-variant={state.asked.available ? 'accent' : undefined}
            data-testid="latch-name-availability"
          >
            {state.asked.available ? t('name.available') : t('name.taken')}
          </span>
        </p>
      )}
      {state.variants.length > 0 && (
        <>
          <p className="latch-section-title">{t('name.suggestions')}</p>
          <div className="latch-chips">
            {state.variants.map((variant) => (
              <button
                key={variant.name}
                type="button"
                className="latch-button"
                data-variant="secondary"
                onClick={() => onPick(variant.label)}
              >
                {variant.name}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  )
}
