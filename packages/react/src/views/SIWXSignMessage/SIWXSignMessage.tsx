import { shortenHex } from '@latch/core'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount } from '../../hooks/useLatch.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** SIWXSignMessage: asks the visitor to prove the account by signing a message. */
export function SIWXSignMessage() {
  const latch = useLatchInstance()
  const account = useLatchAccount()
  const { status } = useStore(latch.siwx.state)
  const { shake } = useModalEffects()
  const { t } = useI18n()
  const site = latch.options.metadata.name || globalThis.location?.host || t('siwx.thisSite')
  const signing = status === 'signing'

  const sign = () => {
    latch.siwx.signIn().catch(() => shake())
  }
  const cancel = () => {
    void latch.siwx.cancel().then(() => {
      if (!latch.siwx.required) latch.modal.close()
    })
  }

  return (
    <div className="latch-center" data-testid="latch-siwx">
      <WalletImage
        src={account.connectedWalletInfo?.icon}
        name={account.connectedWalletInfo?.name ?? '?'}
        size="lg"
      />
      <p>{t('siwx.needs', { site })}</p>
      <p className="latch-muted">
        {t('siwx.help', {
          account: account.address ? shortenHex(account.address) : t('siwx.thisAccount'),
        })}
      </p>
      <div className="latch-actions">
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          disabled={signing}
          onClick={cancel}
        >
          {t('common.cancel')}
        </button>
        <button type="button" className="latch-button" disabled={signing} onClick={sign}>
          {signing ? t('siwx.signing') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
}
