import type { AccountType } from '@latch/core'
import { useState } from 'react'
import { useLatchInstance } from '../../context.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'

const LABELS: Record<AccountType, { name: MessageKey; switchTo: MessageKey }> = {
  smartAccount: { name: 'accountType.smart', switchTo: 'accountType.toSmart' },
  eoa: { name: 'accountType.eoa', switchTo: 'accountType.toEoa' },
}

/**
 * The EVM account the visitor acts with (their smart account or its owner EOA) and the switch to
 * the other one; the flow (the wallet, the stored choice, the toast) is latch.switchAccountType.
 * Its own chunk: only the Account view of a visitor with a smart account loads it.
 */
export function AccountTypeSwitch({ current }: { current: AccountType }) {
  const latch = useLatchInstance()
  const [switching, setSwitching] = useState(false)
  const { t } = useI18n()
  const other: AccountType = current === 'smartAccount' ? 'eoa' : 'smartAccount'
  const switchAccount = () => {
    setSwitching(true)
    // A failure is shown by the flow's snackbar.
    void latch.switchAccountType(other).finally(() => setSwitching(false))
  }
  return (
    <p className="latch-muted" data-testid="latch-account-type">
      <span data-testid="latch-account-type-name">{t(LABELS[current].name)}</span>
      {' · '}
      <button
        type="button"
        className="latch-link-button"
        disabled={switching}
        aria-busy={switching}
        onClick={switchAccount}
      >
        {t(LABELS[other].switchTo)}
      </button>
    </p>
  )
}
