import {
  type ConnectableWallet,
  displayMessage,
  IMAGE_PRELOAD_RACE_MS,
  isMobile,
  type Latch,
  UserRejectedError,
  walletDeepLink,
} from '@latch/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { QrCode } from '../../components/QrCode.tsx'
import { QrPlaceholder } from '../../components/QrPlaceholder.tsx'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { Translate } from '../../i18n/I18nContext.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** WalletConnect's own codes for a proposal the visitor declined in the wallet. */
const DECLINED_CODES = new Set([4001, 5000, 5001, 5002])

type Failure = { kind: 'declined' } | { kind: 'error'; message: string }

function toFailure(error: unknown): Failure {
  const code = (error as { code?: unknown } | null)?.code
  if (error instanceof UserRejectedError || (typeof code === 'number' && DECLINED_CODES.has(code)))
    return { kind: 'declined' }
  return { kind: 'error', message: displayMessage(error) }
}

/** The wallet's image once loaded, or nothing if it takes longer than 2 s. */
function usePreloadedImage(src: string | undefined): { src?: string; settled: boolean } {
  const [result, setResult] = useState<{ src?: string; settled: boolean }>({ settled: !src })
  useEffect(() => {
    if (!src) return
    let current = true
    const image = new Image()
    const loaded = new Promise<boolean>((resolve) => {
      image.onload = () => resolve(true)
      image.onerror = () => resolve(false)
    })
    image.src = src
    const timeout = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), IMAGE_PRELOAD_RACE_MS),
    )
    void Promise.race([loaded, timeout]).then((ok) => {
      if (current) setResult(ok ? { src, settled: true } : { settled: true })
    })
    return () => {
      current = false
    }
  }, [src])
  return result
}

/**
 * Starts the WalletConnect flow once per visit of the view and leaves it when the view goes; a
 * StrictMode remount (unmount then mount in one task) keeps the same attempt.
 */
function useWalletConnectAttempt(latch: Latch, wallet: ConnectableWallet | undefined) {
  const { shake } = useModalEffects()
  const [failure, setFailure] = useState<Failure>()
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const started = useRef(false)

  const connect = useCallback(() => {
    const walletConnect = latch.walletConnect
    if (!walletConnect) return
    setFailure(undefined)
    walletConnect.connect(wallet).catch((error: unknown) => {
      shake()
      setFailure(toFailure(error))
    })
  }, [latch, wallet, shake])

  useEffect(() => {
    clearTimeout(leaveTimer.current)
    if (!started.current) {
      started.current = true
      connect()
    }
    return () => {
      leaveTimer.current = setTimeout(() => latch.walletConnect?.leave(), 0)
    }
  }, [latch, connect])

  return { failure, retry: connect }
}

/** ConnectingWalletConnect: a wallet's QR code, or on a phone the link that opens its app. */
export function ConnectingWalletConnect() {
  const latch = useLatchInstance()
  const { data } = useStore(latch.router.state)
  const wallet = data?.wallet as ConnectableWallet | undefined
  return <WalletConnectPairing wallet={wallet} />
}

/** ConnectingWalletConnectBasic: WalletConnect's plain QR code, for any wallet. */
export function ConnectingWalletConnectBasic() {
  return <WalletConnectPairing wallet={undefined} />
}

function WalletConnectPairing({ wallet }: { wallet: ConnectableWallet | undefined }) {
  const latch = useLatchInstance()
  const { wcUri, buffering } = useStore(latch.connection.state)
  const { failure, retry } = useWalletConnectAttempt(latch, wallet)
  const image = usePreloadedImage(wallet?.imageUrl)
  const { t, known } = useI18n()
  const mobile = isMobile()
  const name = wallet?.name ?? 'WalletConnect'

  if (!latch.walletConnect) {
    return (
      <p className="latch-error-text" role="alert">
        {t('wc.notConfigured')}
      </p>
    )
  }

  const copy = async () => {
    if (!wcUri) return
    try {
      await navigator.clipboard.writeText(wcUri)
      latch.snackbar.showSuccess(t('wc.linkCopied'))
    } catch {
      latch.snackbar.showError(t('wc.copyFailed'))
    }
  }

  const appLinks = wallet && wcUri ? deepLinks(wallet, wcUri, mobile, t) : []
  const status = failure ? failure.kind : wcUri ? 'ready' : 'loading'

  return (
    <div className="latch-center" data-testid="latch-connecting-wc" data-status={status}>
      {failure ? (
        <>
          <WalletImage src={image.src ?? wallet?.imageUrl} name={name} size="lg" />
          <p className="latch-error-text" role="alert">
            {failure.kind === 'declined' ? t('connection.declined') : t('connection.failed')}
          </p>
          <p className="latch-muted">
            {failure.kind === 'declined' ? t('connection.declinedHelp') : known(failure.message)}
          </p>
          <button type="button" className="latch-button" onClick={retry}>
            {t('common.tryAgain')}
          </button>
        </>
      ) : (
        <>
          {(!mobile || !wallet) &&
            (wcUri ? (
              <QrCode
                value={wcUri}
                label={t('wc.qrLabel', { name })}
                logo={wallet ? <WalletImage src={image.src} name={name} /> : undefined}
              />
            ) : (
              <QrPlaceholder message={buffering ? t('wc.newCode') : undefined} />
            ))}
          <p>
            {mobile && wallet
              ? t('wc.continueIn', { name })
              : wallet
                ? t('wc.scanWith', { name })
                : t('wc.scanWithPhone')}
          </p>
          <p className="latch-muted">{mobile && wallet ? t('wc.openApp') : t('wc.scanHelp')}</p>
          {appLinks.map((link) => (
            <a
              key={link.href}
              className="latch-button"
              data-variant={link.primary ? undefined : 'secondary'}
              href={link.href}
              rel="noreferrer noopener"
              onClick={() => latch.walletConnect?.openLink({ name, href: link.base })}
            >
              {link.label}
            </a>
          ))}
          <button
            type="button"
            className="latch-button"
            data-variant="secondary"
            disabled={!wcUri}
            onClick={copy}
          >
            {t('wc.copyLink')}
          </button>
          {wallet && hasStoreLink(wallet) && (
            <button
              type="button"
              className="latch-link-button"
              onClick={() => latch.router.push('ConnectingExternal', { wallet })}
            >
              {t('wc.getIt', { name })}
            </button>
          )}
        </>
      )}
    </div>
  )
}

const hasStoreLink = (wallet: ConnectableWallet) =>
  Boolean(wallet.appStore || wallet.playStore || wallet.chromeStore || wallet.homepage)

type AppLink = { label: string; href: string; base: string; primary: boolean }

/** The registry's links that open the wallet app on the pairing URI. */
function deepLinks(
  wallet: ConnectableWallet,
  wcUri: string,
  mobile: boolean,
  t: Translate,
): AppLink[] {
  if (mobile) {
    // The native scheme opens the app directly; the universal link also works without it.
    const base = wallet.mobileLink ?? wallet.universalLink
    return base
      ? [
          {
            label: t('wc.open', { name: wallet.name }),
            href: walletDeepLink(base, wcUri),
            base,
            primary: true,
          },
        ]
      : []
  }
  return wallet.desktopLink
    ? [
        {
          label: t('wc.openDesktop', { name: wallet.name }),
          href: walletDeepLink(wallet.desktopLink, wcUri),
          base: wallet.desktopLink,
          primary: false,
        },
      ]
    : []
}
