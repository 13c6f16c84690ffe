import { type EmbeddedController, isMobile } from '@latch/core'
import { QrCode } from '../../components/QrCode.tsx'
import { QrPlaceholder } from '../../components/QrPlaceholder.tsx'
import { SocialIcon } from '../../components/SocialIcon.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** What each ended login says, above its Try again. */
const ENDED = {
  declined: { title: 'farcaster.declined', detail: 'farcaster.declinedHelp' },
  expired: { title: 'farcaster.expired', detail: 'farcaster.expiredHelp' },
} as const satisfies Record<string, { title: MessageKey; detail: MessageKey }>

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
  const { t, known } = useI18n()
  const account = useStore(latch.account.state).byNamespace.eip155
  const url = account?.farcasterUrl ?? farcaster?.url
  const status = farcaster?.status ?? 'starting'
  const retry = () => void embedded.connectFarcaster()

  if (status === 'declined' || status === 'expired' || status === 'error') {
    const ended =
      status === 'error'
        ? {
            title: t('farcaster.failed'),
            detail: farcaster?.error ? known(farcaster.error) : t('error.somethingWentWrong'),
          }
        : { title: t(ENDED[status].title), detail: t(ENDED[status].detail) }
    return (
      <div className="latch-center" data-testid="latch-connecting-farcaster" data-status={status}>
        <SocialIcon provider="farcaster" size="lg" />
        <p className="latch-error-text" role="alert">
          {ended.title}
        </p>
        <p className="latch-muted">{ended.detail}</p>
        <button type="button" className="latch-button" onClick={retry}>
          {t('common.tryAgain')}
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
          label={t('farcaster.qrLabel')}
          logo={<SocialIcon provider="farcaster" />}
        />
      ) : (
        <QrPlaceholder />
      )}
      <p>{t('wc.scanWithPhone')}</p>
      <p className="latch-muted">{t('farcaster.help')}</p>
      {ready && isMobile() && (
        <a className="latch-button" href={url} rel="noreferrer noopener">
          {t('farcaster.open')}
        </a>
      )}
    </div>
  )
}
