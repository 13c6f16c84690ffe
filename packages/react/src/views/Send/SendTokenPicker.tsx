import { balanceKey, formatUsd, truncateDecimal } from '@latch/core'
import type { TokenBalance } from '@latch/protocol'
import { CurrencyList } from '../../components/CurrencyList.tsx'

/**
 * The tokens the account can send, as Swap's picker shows them: icon, symbol and name (as plain
 * text, never a link), what the account holds and its USD value, and a search box.
 */
export function SendTokenPicker(props: {
  balances: readonly TokenBalance[]
  selected: string | undefined
  onPick(key: string): void
  onCancel(): void
}) {
  return (
    <CurrencyList
      label="Tokens to send"
      testId="latch-send-token-picker"
      searchLabel="Search tokens"
      placeholder="Name or symbol"
      noMatch={(query) => `No token matches “${query}”`}
      items={props.balances.map((entry) => ({
        id: balanceKey(entry),
        title: entry.symbol,
        subtitle: entry.name,
        imageUrl: entry.iconUrl,
        detail: `${truncateDecimal(entry.quantity.numeric)}${
          entry.value !== undefined ? ` · ${formatUsd(entry.value)}` : ''
        }`,
        keywords: [entry.symbol, entry.name],
      }))}
      selected={props.selected}
      onPick={props.onPick}
    >
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        onClick={props.onCancel}
      >
        Back to send
      </button>
    </CurrencyList>
  )
}
