import { shortenHex } from '@latch/core'
import { useLatchInstance } from '../../context.ts'
import { useFamilyAccounts } from '../../hooks/useFamilyAccounts.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** How the wallet's purposes read: Bitcoin wallets pay from one address, keep inscriptions on another. */
const PURPOSE_LABELS: Record<string, MessageKey> = {
  payment: 'family.payment',
  ordinals: 'family.ordinals',
}

/**
 * The wallet's addresses with the purpose it gives each (Bitcoin's payment and ordinals) or the
 * name (a Polkadot extension's accounts), the active one checked; picking another makes it the
 * account the modal shows. Nothing for a wallet sharing one address.
 */
export function FamilyAccounts() {
  const latch = useLatchInstance()
  const { accounts, active, select } = useFamilyAccounts(latch)
  const { t } = useI18n()
  if (accounts.length < 2) return null
  const purposeLabel = (purpose: string) => {
    const key = PURPOSE_LABELS[purpose]
    return key ? t(key) : purpose
  }
  return (
    <div
      className="latch-tabs latch-account-addresses"
      role="radiogroup"
      aria-label={t('family.address')}
    >
      {accounts.map((account) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons, as the Account tabs.
        <button
          key={account.address}
          type="button"
          role="radio"
          className="latch-tab latch-tab-stacked"
          aria-checked={account.address === active}
          title={account.address}
          data-purpose={account.purpose}
          onClick={() => select(account.address)}
        >
          <span>{account.name || purposeLabel(account.purpose)}</span>
          <span className="latch-tab-detail">{shortenHex(account.address)}</span>
        </button>
      ))}
    </div>
  )
}
