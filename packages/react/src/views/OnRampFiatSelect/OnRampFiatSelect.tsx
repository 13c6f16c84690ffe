import { CurrencyList } from '../../components/CurrencyList.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { currencyName } from '../OnRampBuy/currencyName.ts'

/** OnRampFiatSelect: the currencies the visitor can pay in. */
export function OnRampFiatSelect() {
  const latch = useLatchInstance()
  const state = useStore(latch.onramp.state)
  const { t, locale } = useI18n()
  return (
    <CurrencyList
      label={t('onramp.currenciesToPay')}
      items={state.paymentCurrencies.map((currency) => ({
        id: currency.id,
        title: currency.id,
        subtitle: currencyName(currency.id, locale),
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
