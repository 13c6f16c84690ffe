import { type ConnectableWallet, isMobile } from '@latch/core'
import { useLatchInstance } from '../context.ts'
import { useStore } from '../hooks/useStore.ts'
import { useI18n } from '../i18n/useI18n.ts'
import { Spinner } from './Spinner.tsx'

/**
 * The QR code's frame while the code is on its way (the view's code loading, the pairing being
 * made), so the card has its final size at once instead of growing when the code lands.
 */
export function QrPlaceholder({ message }: { message?: string | undefined }) {
  const { t } = useI18n()
  return (
    <div
      className="latch-qr latch-qr-placeholder"
      role="status"
      aria-busy="true"
      data-testid="latch-qr-placeholder"
    >
      <Spinner size="lg" />
      {message && <span className="latch-muted">{message}</span>}
      <span className="latch-visually-hidden">{t('qr.creating')}</span>
    </div>
  )
}

/**
 * What a WalletConnect view shows while its code loads: the same frame and words the view opens
 * with, so nothing moves when it takes over.
 */
export function WalletConnectPlaceholder() {
  const latch = useLatchInstance()
  const { t } = useI18n()
  const { data } = useStore(latch.router.state)
  const wallet = data?.wallet as ConnectableWallet | undefined
  const app = isMobile() && wallet !== undefined
  return (
    <div className="latch-center" data-testid="latch-connecting-wc" data-status="loading">
      {!app && <QrPlaceholder />}
      <p>
        {app
          ? t('wc.continueIn', { name: wallet.name })
          : wallet
            ? t('wc.scanWith', { name: wallet.name })
            : t('wc.scanWithPhone')}
      </p>
      <p className="latch-muted">{app ? t('wc.openApp') : t('wc.scanHelp')}</p>
    </div>
  )
}
