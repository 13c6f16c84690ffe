import { useId, useState } from 'react'

/** A currency a list offers: its id, what it is called and its image. */
export type CurrencyListItem = {
  id: string
  title: string
  subtitle: string
  imageUrl: string
}

const matches = (item: CurrencyListItem, query: string) => {
  const wanted = query.trim().toLowerCase()
  return (
    !wanted ||
    [item.id, item.title, item.subtitle].some((text) => text.toLowerCase().includes(wanted))
  )
}

/** A searchable list of currencies with their images; the current one is marked. */
export function CurrencyList(props: {
  /** The list's accessible name, e.g. 'Currencies to buy'. */
  label: string
  items: readonly CurrencyListItem[]
  selected: string | undefined
  onPick(id: string): void
}) {
  const [query, setQuery] = useState('')
  const searchId = useId()
  const shown = props.items.filter((item) => matches(item, query))
  return (
    <div className="latch-list latch-form latch-swap-picker">
      <label htmlFor={searchId}>Search</label>
      <input
        id={searchId}
        type="search"
        className="latch-input"
        placeholder="Name or code"
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
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="latch-muted latch-center" role="status">
          Nothing matches “{query.trim()}”
        </p>
      )}
    </div>
  )
}
