import { type ConnectableWallet, displayMessage, UserRejectedError } from '@latch/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useModalEffects } from '../../modal/context.ts'

type Attempt =
  | { status: 'connecting' }
  | { status: 'declined' }
  | { status: 'error'; message: string }

/** Waiting for the wallet to accept; declined and failed states with a retry. */
export function ConnectingExternal() {
  const latch = useLatchInstance()
  const { data } = useStore(latch.router.state)
  const wallet = data?.wallet as ConnectableWallet | undefined
  if (!wallet)
    return (
      <p className="latch-error-text" role="alert">
        No wallet was chosen.
      </p>
    )
  if (!wallet.connectorId) return <GetWallet wallet={wallet} />
  return <Connecting wallet={wallet} />
}

function Connecting({ wallet }: { wallet: ConnectableWallet }) {
  const latch = useLatchInstance()
  const { shake } = useModalEffects()
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
          <p role="status">Continue in {wallet.name}</p>
          <p className="latch-muted">Accept the connection request in the wallet</p>
        </>
      )}
      {attempt.status === 'declined' && (
        <>
          <p className="latch-error-text" role="alert">
            Connection declined
          </p>
          <p className="latch-muted">The connection request was declined in the wallet.</p>
        </>
      )}
      {attempt.status === 'error' && (
        <>
          <p className="latch-error-text" role="alert">
            Connection failed
          </p>
          <p className="latch-muted">{attempt.message}</p>
        </>
      )}
      {attempt.status !== 'connecting' && (
        <button type="button" className="latch-button" onClick={connect}>
          Try again
        </button>
      )}
    </div>
  )
}

/** A wallet that is not installed here: where to get it. */
function GetWallet({ wallet }: { wallet: ConnectableWallet }) {
  const links = [
    wallet.chromeStore && { label: 'Chrome Web Store', href: wallet.chromeStore },
    wallet.appStore && { label: 'App Store', href: wallet.appStore },
    wallet.playStore && { label: 'Google Play', href: wallet.playStore },
    wallet.homepage && { label: 'Website', href: wallet.homepage },
  ].filter((link): link is { label: string; href: string } => Boolean(link))
  return (
    <div className="latch-center" data-testid="latch-get-wallet">
      <WalletImage src={wallet.imageUrl} name={wallet.name} size="lg" />
      <p>{wallet.name} is not installed</p>
      <p className="latch-muted">Install it, then reload this page to connect.</p>
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
              Get {wallet.name} · {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
