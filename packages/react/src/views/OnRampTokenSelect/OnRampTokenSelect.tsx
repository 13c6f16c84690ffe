import { CurrencyList } from '../../components/CurrencyList.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** OnRampTokenSelect: the currencies the provider sells, with the networks each arrives on. */
export function OnRampTokenSelect() {
  const latch = useLatchInstance()
  const state = useStore(latch.onramp.state)
  return (
    <CurrencyList
      label="Currencies to buy"
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
