import { findCurrency } from '../assets.ts'
import { imageRoute } from './imageRoute.ts'

/** GET /public/getCurrencyImage/{id}: a fiat currency's icon, by ISO 4217 code. */
export const currencyImageRoute = imageRoute({
  url: '/public/getCurrencyImage',
  summary: "A fiat currency's icon (SVG), by code (USD, EUR, ...)",
  kind: 'currency image',
  find(id) {
    const currency = findCurrency(id)
    return (
      currency && {
        seed: `currency:${currency.key}`,
        label: currency.label,
        title: currency.name,
        shape: 'circle',
      }
    )
  },
})
