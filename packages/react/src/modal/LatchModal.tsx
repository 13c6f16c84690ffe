import type { CSSProperties } from 'react'
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { SkeletonRows } from '../components/Skeleton.tsx'
import { useLatchInstance } from '../context.ts'
import { ModalContext } from '../hooks/useModalEffects.ts'
import { useStore } from '../hooks/useStore.ts'
import { useI18n } from '../i18n/useI18n.ts'
import { VIEW_REGISTRY } from '../views/registry.tsx'
import { ModalPresence } from './ModalPresence.tsx'
import { Snackbar } from './Snackbar.tsx'
import { useAnimatedHeight } from './useAnimatedHeight.ts'
import { useFocusTrap } from './useFocusTrap.ts'
import { useModalPrerender } from './useModalPrerender.ts'
import { useViewFocus } from './useViewFocus.ts'
import { ViewErrorBoundary } from './ViewErrorBoundary.tsx'
import { ViewHost } from './ViewHost.tsx'

const SHAKE_MS = 500

/** The modal: a labelled dialog with a header, the current view, alerts and the snackbar. */
export function LatchModal() {
  const latch = useLatchInstance()
  const { dir, locale, t, known } = useI18n()
  const modal = useStore(latch.modal.state)
  const router = useStore(latch.router.state)
  const alert = useStore(latch.alerts.state)
  const root = useRef<HTMLDivElement>(null)
  const card = useRef<HTMLDivElement>(null)
  const body = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const titleId = useId()
  const [shaking, setShaking] = useState(false)
  const prerender = useModalPrerender(latch, modal.open)
  useFocusTrap(card, modal.open)
  const viewKey = `${router.view}:${router.history.length}`
  useViewFocus(card, heading, viewKey, modal.open)
  useAnimatedHeight(body, content, modal.open)

  const close = useCallback(() => {
    latch.modal.close()
  }, [latch])

  useEffect(() => {
    if (!modal.open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [modal.open, close])

  const shake = useCallback(() => {
    setShaking(true)
    setTimeout(() => setShaking(false), SHAKE_MS)
  }, [])

  const theme = useStore(latch.theme.state)
  const themeStyle = theme.themeVariables as CSSProperties
  const entry = VIEW_REGISTRY[router.view]
  const title = entry ? entry.title(router.data, t, known) : router.view
  const Placeholder = entry?.Placeholder

  return (
    <div
      ref={root}
      className="latch-root"
      data-theme={theme.themeMode}
      style={themeStyle}
      dir={dir}
      lang={locale}
    >
      <ModalPresence open={modal.open} prerender={prerender} root={root}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; Escape and Close are the keyboard paths. */}
        <div
          className="latch-overlay"
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) close()
          }}
        >
          <div
            ref={card}
            className="latch-card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            tabIndex={-1}
            data-shake={shaking}
            data-testid="latch-modal"
          >
            <header className="latch-header">
              {router.history.length > 1 ? (
                <button
                  type="button"
                  className="latch-icon-button"
                  aria-label={t('modal.back')}
                  onClick={() => latch.router.goBack()}
                >
                  <span className="latch-mirror" aria-hidden="true">
                    ←
                  </span>
                </button>
              ) : (
                <span />
              )}
              {/* Focusable from script only: a view with no control yet takes focus here. */}
              <h2 ref={heading} id={titleId} className="latch-title" tabIndex={-1}>
                {title}
              </h2>
              <button
                type="button"
                className="latch-icon-button"
                aria-label={t('modal.close')}
                onClick={close}
              >
                ✕
              </button>
            </header>
            {alert.open && (
              <div className="latch-alert" role="alert">
                <strong>{alert.title && known(alert.title)}</strong>
                {alert.message && <p className="latch-muted">{known(alert.message)}</p>}
              </div>
            )}
            {/* Messages show under the header, never over the content they are about. */}
            {modal.open && <Snackbar placement="card" />}
            <div ref={body} className="latch-body" data-testid="latch-modal-body">
              <ModalContext.Provider value={{ shake }}>
                {/* Measured for the height animation: it stays while the keyed view inside changes. */}
                <div ref={content}>
                  <div className="latch-view" key={viewKey}>
                    <ViewErrorBoundary latch={latch} name={router.view}>
                      <Suspense
                        fallback={
                          Placeholder ? (
                            <Placeholder />
                          ) : (
                            <SkeletonRows label={t('common.loading')} />
                          )
                        }
                      >
                        <ViewHost name={router.view} />
                      </Suspense>
                    </ViewErrorBoundary>
                  </div>
                </div>
              </ModalContext.Provider>
            </div>
          </div>
        </div>
      </ModalPresence>
      {!modal.open && <Snackbar placement="page" />}
    </div>
  )
}
