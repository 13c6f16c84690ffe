import { type EmbeddedController, isMobile } from '@latch/core'
import { QrCode } from '../../components/QrCode.tsx'
import { QrPlaceholder } from '../../components/QrPlaceholder.tsx'
import { SocialIcon } from '../../components/SocialIcon.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** What each ended login says, above its Try again. */
const ENDED = {
  declined: {
    title: 'Sign-in declined',
    detail: 'The sign-in was declined in your Farcaster app.',
  },
  expired: {
    title: 'QR code expired',
    detail: 'The sign-in was not approved in time. Get a new code to try again.',
  },
} as const

/**
 * ConnectingFarcaster: the Farcaster login's QR code (and on phones a link that opens the app),
 * while the visitor approves in their Farcaster app; declined, expired and failed logins each
 * say so, with Try again. The flow is the embedded controller's; this view renders it.
 */
export function ConnectingFarcaster() {
  const { embedded } = useLatchInstance()
  if (!embedded) return null
  return <Connecting embedded={embedded} />
}

function Connecting({ embedded }: { embedded: EmbeddedController }) {
  const latch = useLatchInstance()
  const { farcaster } = useStore(embedded.state)
  const account = useStore(latch.account.state).byNamespace.eip155
  const url = account?.farcasterUrl ?? farcaster?.url
  const status = farcaster?.status ?? 'starting'
  const retry = () => void embedded.connectFarcaster()

  if (status === 'declined' || status === 'expired' || status === 'error') {
    const ended =
      status === 'error'
        ? { title: 'Sign-in failed', detail: farcaster?.error ?? 'Something went wrong' }
        : ENDED[status]
    return (
      <div className="latch-center" data-testid="latch-connecting-farcaster" data-status={status}>
        <SocialIcon provider="farcaster" size="lg" />
        <p className="latch-error-text" role="alert">
          {ended.title}
        </p>
        <p className="latch-muted">{ended.detail}</p>
        <button type="button" className="latch-button" onClick={retry}>
          Try again
        </button>
      </div>
    )
  }
  const ready = status === 'waiting' && url !== undefined
  return (
    <div
      className="latch-center"
      data-testid="latch-connecting-farcaster"
      data-status={ready ? 'waiting' : 'starting'}
    >
      {ready ? (
        <QrCode
          value={url}
          label="QR code to sign in with Farcaster"
          logo={<SocialIcon provider="farcaster" />}
        />
      ) : (
        <QrPlaceholder />
      )}
      <p>Scan with your phone</p>
      <p className="latch-muted">
        Scan this code with your phone's camera or Farcaster app, then approve the sign-in there.
      </p>
      {ready && isMobile() && (
        <a className="latch-button" href={url} rel="noreferrer noopener">
          Open Farcaster
        </a>
      )}
    </div>
  )
}
