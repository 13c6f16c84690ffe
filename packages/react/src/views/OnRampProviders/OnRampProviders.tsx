import type { OnrampPaymentMethod, OnrampProvider } from '@latch/core'
import { RegionRestricted } from '../../components/RegionRestricted.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** How the views name a payment method. */
export const PAYMENT_METHOD_LABELS: Record<OnrampPaymentMethod, string> = {
  card: 'Card',
  ach: 'Bank account',
}

/** "Fees 1-2%": the provider's fee range. */
export const feeRangeText = (provider: OnrampProvider) =>
  provider.feeRange.min === provider.feeRange.max
    ? `Fees ${provider.feeRange.min}%`
    : `Fees ${provider.feeRange.min}-${provider.feeRange.max}%`

/** OnRampProviders: the providers the project offers, with their fees and ways to pay. */
export function OnRampProviders() {
  const latch = useLatchInstance()
  const { providers } = useStore(latch.onramp.state)
  const region = useStore(latch.region)
  // Opened through the API in a restricted time zone: the reason, not the providers.
  if (region.restricted) return <RegionRestricted />
  if (providers.length === 0) {
    return <p className="latch-muted latch-center">No provider is available</p>
  }
  return (
    <ul className="latch-list" aria-label="Providers">
      {providers.map((provider) => (
        <li key={provider.id}>
          <button
            type="button"
            className="latch-list-item latch-onramp-provider"
            onClick={() => {
              latch.onramp.selectProvider(provider.id)
              latch.router.push('OnRampBuy')
            }}
          >
            <span className="latch-list-item-label">
              <span className="latch-onramp-provider-name">{provider.label}</span>
              <span className="latch-muted">{provider.description}</span>
              <span className="latch-muted">
                {provider.paymentMethods.map((method) => PAYMENT_METHOD_LABELS[method]).join(' · ')}
              </span>
            </span>
            <span className="latch-tag">{feeRangeText(provider)}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
