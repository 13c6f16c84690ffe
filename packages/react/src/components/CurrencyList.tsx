import { type ReactNode, useId, useState } from 'react'
import { useI18n } from '../i18n/useI18n.ts'

/** A currency a list offers: its id, what it is called and its image. */
export type CurrencyListItem = {
  id: string
  title: string
  subtitle: string
  imageUrl: string
  /** Shown at the end of the row, e.g. what the account holds of it. */
  detail?: string
  /** What the search box matches; default the id, title and subtitle. */
  keywords?: readonly string[]
}

const matches = (item: CurrencyListItem, query: string) => {
  const wanted = query.trim().toLowerCase()
  return (
    !wanted ||
    (item.keywords ?? [item.id, item.title, item.subtitle]).some((text) =>
      text.toLowerCase().includes(wanted),
    )
  )
}

/** A searchable list of currencies with their images; the current one is marked. */
export function CurrencyList(props: {
  /** The list's accessible name, e.g. 'Currencies to buy'. */
  label: string
  items: readonly CurrencyListItem[]
  selected: string | undefined
  onPick(id: string): void
  searchLabel?: string
  placeholder?: string
  /** What is said when the search matches nothing. */
  noMatch?(query: string): string
  testId?: string
  /** Below the list, e.g. a way back. */
  children?: ReactNode
}) {
  const [query, setQuery] = useState('')
  const { t } = useI18n()
  const searchId = useId()
  const shown = props.items.filter((item) => matches(item, query))
  return (
    <div className="latch-list latch-form latch-swap-picker" data-testid={props.testId}>
      <label htmlFor={searchId}>{props.searchLabel ?? t('common.search')}</label>
      <input
        id={searchId}
        type="search"
        className="latch-input"
        placeholder={props.placeholder ?? t('currency.placeholder')}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="latch-list" aria-label={props.label}>
        {shown.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="latch-list-item latch-token-row"
              aria-current={item.id === props.selected ? 'true' : undefined}
              onClick={() => props.onPick(item.id)}
            >
              <img className="latch-token-icon" src={item.imageUrl} alt="" width={32} height={32} />
              <span className="latch-list-item-label">
                <span>{item.title}</span>
                <span className="latch-muted">{item.subtitle}</span>
              </span>
              {item.detail !== undefined && <span className="latch-muted">{item.detail}</span>}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="latch-muted latch-center" role="status">
          {props.noMatch?.(query.trim()) ?? t('currency.noMatch', { query: query.trim() })}
        </p>
      )}
      {props.children}
    </div>
  )
}
