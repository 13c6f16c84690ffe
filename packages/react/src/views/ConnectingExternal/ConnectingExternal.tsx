import { type ConnectableWallet, displayMessage, UserRejectedError } from '@latch/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

type Attempt =
  | { status: 'connecting' }
  | { status: 'declined' }
  | { status: 'error'; message: string }

/** Waiting for the wallet to accept; declined and failed states with a retry. */
export function ConnectingExternal() {
  const latch = useLatchInstance()
  const { data } = useStore(latch.router.state)
  const { t } = useI18n()
  const wallet = data?.wallet as ConnectableWallet | undefined
  if (!wallet)
    return (
      <p className="latch-error-text" role="alert">
        {t('external.noWallet')}
      </p>
    )
  if (!wallet.connectorId) return <GetWallet wallet={wallet} />
  return <Connecting wallet={wallet} />
}

function Connecting({ wallet }: { wallet: ConnectableWallet }) {
  const latch = useLatchInstance()
  const { shake } = useModalEffects()
  const { t, known } = useI18n()
  const [attempt, setAttempt] = useState<Attempt>({ status: 'connecting' })
  const started = useRef(false)

  const connect = useCallback(() => {
    setAttempt({ status: 'connecting' })
    latch.connectWallet(wallet).catch((error: unknown) => {
      shake()
      setAttempt(
        error instanceof UserRejectedError
          ? { status: 'declined' }
          : { status: 'error', message: displayMessage(error) },
      )
    })
  }, [latch, wallet, shake])

  useEffect(() => {
    // Once per visit of the view, also under StrictMode's double effects.
    if (started.current) return
    started.current = true
    connect()
  }, [connect])

  return (
    <div
      className="latch-center"
      data-testid="latch-connecting-external"
      data-status={attempt.status}
    >
      <span className="latch-connecting-image" data-status={attempt.status}>
        <WalletImage src={wallet.imageUrl} name={wallet.name} size="lg" />
        {attempt.status === 'connecting' && (
          <span className="latch-connecting-ring" aria-hidden="true" />
        )}
      </span>
      {attempt.status === 'connecting' && (
        <>
          <p role="status">{t('wc.continueIn', { name: wallet.name })}</p>
          <p className="latch-muted">{t('external.accept')}</p>
        </>
      )}
      {attempt.status === 'declined' && (
        <>
          <p className="latch-error-text" role="alert">
            {t('connection.declined')}
          </p>
          <p className="latch-muted">{t('connection.declinedHelp')}</p>
        </>
      )}
      {attempt.status === 'error' && (
        <>
          <p className="latch-error-text" role="alert">
            {t('connection.failed')}
          </p>
          <p className="latch-muted">{known(attempt.message)}</p>
        </>
      )}
      {attempt.status !== 'connecting' && (
        <button type="button" className="latch-button" onClick={connect}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  )
}

/** A wallet that is not installed here: where to get it. */
function GetWallet({ wallet }: { wallet: ConnectableWallet }) {
  const { t } = useI18n()
  const links = [
    wallet.chromeStore && { label: 'Chrome Web Store', href: wallet.chromeStore },
    wallet.appStore && { label: 'App Store', href: wallet.appStore },
    wallet.playStore && { label: 'Google Play', href: wallet.playStore },
    wallet.homepage && { label: t('external.website'), href: wallet.homepage },
  ].filter((link): link is { label: string; href: string } => Boolean(link))
  return (
    <div className="latch-center" data-testid="latch-get-wallet">
      <WalletImage src={wallet.imageUrl} name={wallet.name} size="lg" />
      <p>{t('external.notInstalled', { name: wallet.name })}</p>
      <p className="latch-muted">{t('external.install')}</p>
      <ul className="latch-list">
        {links.map((link) => (
          <li key={link.href}>
            <a
              className="latch-button"
              data-variant="secondary"
              href={link.href}
              target="_blank"
              rel="noreferrer noopener"
            >
              {t('external.get', { name: wallet.name, store: link.label })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
