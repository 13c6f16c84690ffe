import { formatTokenAmount, type SwapTokenOption } from '@latch/core'
import { useId, useState } from 'react'

const matches = (token: SwapTokenOption, query: string) => {
  const wanted = query.trim().toLowerCase()
  if (!wanted) return true
  return [token.symbol, token.name, token.address.split(':')[2] ?? ''].some((text) =>
    text.toLowerCase().includes(wanted),
  )
}

/** The tokens to choose from, with what the account holds of each, and a search box. */
export function TokenPicker(props: {
  /** e.g. 'Token to pay', the list's accessible name. */
  title: string
  tokens: readonly SwapTokenOption[]
  selected: string | undefined
  onPick(token: SwapTokenOption): void
  onCancel(): void
}) {
  const [query, setQuery] = useState('')
  const searchId = useId()
  const shown = props.tokens.filter((token) => matches(token, query))
  return (
    <div className="latch-list latch-form latch-swap-picker" data-testid="latch-swap-token-picker">
      <label htmlFor={searchId}>Search tokens</label>
      <input
        id={searchId}
        type="search"
        className="latch-input"
        placeholder="Name, symbol or address"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className="latch-list" aria-label={props.title}>
        {shown.map((token) => (
          <li key={token.address}>
            <button
              type="button"
              className="latch-list-item latch-token-row"
              aria-current={token.address === props.selected ? 'true' : undefined}
              onClick={() => props.onPick(token)}
            >
              <img className="latch-token-icon" src={token.logoUri} alt="" width={32} height={32} />
              <span className="latch-list-item-label">
                <span>{token.symbol}</span>
                <span className="latch-muted">{token.name}</span>
              </span>
              {token.balanceNumeric !== undefined && (
                <span className="latch-muted">{formatTokenAmount(token.balanceNumeric)}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="latch-muted latch-center" role="status">
          No token matches “{query.trim()}”
        </p>
      )}
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        onClick={props.onCancel}
      >
        Back to swap
      </button>
    </div>
  )
}
