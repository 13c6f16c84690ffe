import { type ConnectableWallet, isMobile } from '@latch/core'
import { useLatchInstance } from '../context.ts'
import { useStore } from '../hooks/useStore.ts'
import { Spinner } from './Spinner.tsx'

/**
 * The QR code's frame while the code is on its way (the view's code loading, the pairing being
 * made), so the card has its final size at once instead of growing when the code lands.
 */
export function QrPlaceholder({ message }: { message?: string | undefined }) {
  return (
    <div
      className="latch-qr latch-qr-placeholder"
      role="status"
      aria-busy="true"
      data-testid="latch-qr-placeholder"
    >
      <Spinner size="lg" />
      {message && <span className="latch-muted">{message}</span>}
      <span className="latch-visually-hidden">Creating the QR code</span>
    </div>
  )
}

/**
 * What a WalletConnect view shows while its code loads: the same frame and words the view opens
 * with, so nothing moves when it takes over.
 */
export function WalletConnectPlaceholder() {
  const latch = useLatchInstance()
  const { data } = useStore(latch.router.state)
  const wallet = data?.wallet as ConnectableWallet | undefined
  const app = isMobile() && wallet !== undefined
  return (
    <div className="latch-center" data-testid="latch-connecting-wc" data-status="loading">
      {!app && <QrPlaceholder />}
      <p>{app ? `Continue in ${wallet.name}` : `Scan with ${wallet?.name ?? 'your phone'}`}</p>
      <p className="latch-muted">
        {app
          ? 'Open the app and accept the connection request'
          : 'Open your wallet app, scan this code and accept the connection'}
      </p>
    </div>
  )
}
