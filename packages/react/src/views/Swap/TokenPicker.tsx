import { formatTokenAmount, type SwapTokenOption } from '@latch/core'
import { CurrencyList } from '../../components/CurrencyList.tsx'
import { useI18n } from '../../i18n/useI18n.ts'

/** The tokens to choose from, with what the account holds of each, and a search box. */
export function TokenPicker(props: {
  /** e.g. 'Token to pay', the list's accessible name. */
  title: string
  tokens: readonly SwapTokenOption[]
  selected: string | undefined
  onPick(token: SwapTokenOption): void
  onCancel(): void
}) {
  const { t } = useI18n()
  return (
    <CurrencyList
      label={props.title}
      testId="latch-swap-token-picker"
      searchLabel={t('sendPicker.search')}
      placeholder={t('swap.searchPlaceholder')}
      noMatch={(query) => t('sendPicker.noMatch', { query })}
      items={props.tokens.map((token) => ({
        id: token.address,
        title: token.symbol,
        subtitle: token.name,
        imageUrl: token.logoUri,
        ...(token.balanceNumeric !== undefined
          ? { detail: formatTokenAmount(token.balanceNumeric) }
          : {}),
        keywords: [token.symbol, token.name, token.address.split(':')[2] ?? ''],
      }))}
      selected={props.selected}
      onPick={(address) => {
        const token = props.tokens.find((candidate) => candidate.address === address)
        if (token) props.onPick(token)
      }}
    >
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        onClick={props.onCancel}
      >
        {t('swap.back')}
      </button>
    </CurrencyList>
  )
}
