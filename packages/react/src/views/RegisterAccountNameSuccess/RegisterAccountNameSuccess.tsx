import { useLatchInstance } from '../../context.ts'
import { useLatchAccount } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** RegisterAccountNameSuccess: the name is the account's; back to the Account view. */
export function RegisterAccountNameSuccess() {
  const latch = useLatchInstance()
  const account = useLatchAccount()
  const router = useStore(latch.router.state)
  const { t } = useI18n()
  const name = router.data?.name ?? account.profileName

  const backToAccount = () => {
    const index = router.history.lastIndexOf('Account')
    if (index >= 0) latch.router.goBackToIndex(index)
    else latch.router.reset('Account')
  }

  return (
    <div className="latch-center" data-testid="latch-name-registered">
      <span className="latch-success-mark" aria-hidden="true">
        ✓
      </span>
      <h3 className="latch-profile-name">{t('name.yours', { name: name ?? '' })}</h3>
      <p className="latch-muted">{t('name.help')}</p>
      <button type="button" className="latch-button" onClick={backToAccount}>
        {t('common.backToAccount')}
      </button>
    </div>
  )
}
