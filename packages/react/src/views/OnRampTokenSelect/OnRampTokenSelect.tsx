import { CurrencyList } from '../../components/CurrencyList.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** OnRampTokenSelect: the currencies the provider sells, with the networks each arrives on. */
export function OnRampTokenSelect() {
  const latch = useLatchInstance()
  const state = useStore(latch.onramp.state)
  const { t } = useI18n()
  return (
    <CurrencyList
      label={t('onramp.currenciesToBuy')}
      items={state.purchaseCurrencies.map((currency) => ({
        id: currency.id,
        title: currency.symbol,
        subtitle: [currency.name, ...currency.networks.map((network) => network.display_name)].join(
          ' · ',
        ),
        imageUrl: latch.api.tokenImageUrl(currency.symbol),
      }))}
      selected={state.purchaseCurrency.id}
      onPick={(id) => {
        latch.onramp.setPurchaseCurrency(id)
        latch.router.goBack()
      }}
    />
  )
}
