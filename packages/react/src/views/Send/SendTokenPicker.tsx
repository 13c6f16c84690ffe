import { balanceKey, formatUsd, truncateDecimal } from '@latch/core'
import type { TokenBalance } from '@latch/protocol'
import { CurrencyList } from '../../components/CurrencyList.tsx'
import { useI18n } from '../../i18n/useI18n.ts'

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
  const { t, locale } = useI18n()
  return (
    <CurrencyList
      label={t('sendPicker.label')}
      testId="latch-send-token-picker"
      searchLabel={t('sendPicker.search')}
      placeholder={t('sendPicker.placeholder')}
      noMatch={(query) => t('sendPicker.noMatch', { query })}
      items={props.balances.map((entry) => ({
        id: balanceKey(entry),
        title: entry.symbol,
        subtitle: entry.name,
        imageUrl: entry.iconUrl,
        detail: `${truncateDecimal(entry.quantity.numeric)}${
          entry.value !== undefined ? ` · ${formatUsd(entry.value, locale)}` : ''
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
        {t('sendPicker.back')}
      </button>
    </CurrencyList>
  )
}
