import type { OnrampPaymentMethod, OnrampProvider } from '@latch/core'
import { RegionRestricted } from '../../components/RegionRestricted.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { MessageKey } from '../../i18n/en.ts'
import type { Translate } from '../../i18n/I18nContext.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** How the views name a payment method. */
export const PAYMENT_METHOD_LABELS: Record<OnrampPaymentMethod, MessageKey> = {
  card: 'onramp.card',
  ach: 'onramp.bank',
}

/** "Fees 1-2%": the provider's fee range. */
export const feeRangeText = (provider: OnrampProvider, t: Translate) =>
  provider.feeRange.min === provider.feeRange.max
    ? t('onramp.fee', { min: provider.feeRange.min })
    : t('onramp.feeRange', { min: provider.feeRange.min, max: provider.feeRange.max })

/** OnRampProviders: the providers the project offers, with their fees and ways to pay. */
export function OnRampProviders() {
  const latch = useLatchInstance()
  const { providers } = useStore(latch.onramp.state)
  const { t } = useI18n()
  const region = useStore(latch.region)
  // Opened through the API in a restricted time zone: the reason, not the providers.
  if (region.restricted) return <RegionRestricted />
  if (providers.length === 0) {
    return <p className="latch-muted latch-center">{t('onramp.noProvider')}</p>
  }
  return (
    <ul className="latch-list" aria-label={t('onramp.providers')}>
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
                {provider.paymentMethods
                  .map((method) => t(PAYMENT_METHOD_LABELS[method]))
                  .join(' · ')}
              </span>
            </span>
            <span className="latch-tag">{feeRangeText(provider, t)}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
