import { CurrencyList } from '../../components/CurrencyList.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { currencyName } from '../OnRampBuy/currencyName.ts'

/** OnRampFiatSelect: the currencies the visitor can pay in. */
export function OnRampFiatSelect() {
  const latch = useLatchInstance()
  const state = useStore(latch.onramp.state)
  return (
    <CurrencyList
      label="Currencies to pay with"
      items={state.paymentCurrencies.map((currency) => ({
        id: currency.id,
        title: currency.id,
        subtitle: currencyName(currency.id),
        imageUrl: latch.api.currencyImageUrl(currency.id),
      }))}
      selected={state.paymentCurrency.id}
      onPick={(id) => {
        latch.onramp.setPaymentCurrency(id)
        latch.router.goBack()
      }}
    />
  )
}
