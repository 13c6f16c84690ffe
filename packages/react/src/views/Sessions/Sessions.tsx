import type { SessionListController, SessionRow } from '@latch/core'
import { useEffect, useState } from 'react'
import { SkeletonRows } from '../../components/Skeleton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * The account's smart sessions: each site's session with its permissions, what it used this
 * period, its expiry and status, and Revoke for an active one; loading, empty and error states.
 * The flow is core's (`sessions.createList()`); its code is loaded with this view.
 */
export function Sessions() {
  const latch = useLatchInstance()
  const code = latch.sessions.current()
  const { t } = useI18n()
  // One list per visit of the view; the registry loaded the sessions code before it renders.
  const [list] = useState(() => code?.createList())
  if (!list)
    return (
      <p className="latch-error-text" role="alert">
        {t('sessions.couldNotLoad')}
      </p>
    )
  return <SessionList list={list} />
}

function SessionList({ list }: { list: SessionListController }) {
  const state = useStore(list.state)
  const { t, known } = useI18n()
  useEffect(() => {
    void list.load()
  }, [list])

  if (state.status === 'loading')
    return <SkeletonRows count={2} label={t('sessions.loading')} testId="latch-sessions-loading" />
  if (state.status === 'error')
    return (
      <div className="latch-list latch-center" data-testid="latch-sessions-error">
        <p className="latch-error-text" role="alert">
          {known(state.message)}
        </p>
        <button type="button" className="latch-button" onClick={() => void list.load()}>
          {t('common.tryAgain')}
        </button>
      </div>
    )
  if (state.sessions.length === 0)
    return (
      <p className="latch-muted latch-center" data-testid="latch-sessions-empty">
        {t('sessions.none')}
      </p>
    )
  return (
    <ul className="latch-list" aria-label={t('sessions.label')}>
      {state.sessions.map((session) => (
        <SessionItem
          key={session.pci}
          session={session}
          revoking={state.revoking === session.pci}
          busy={state.revoking !== undefined}
          onRevoke={() => void list.revoke(session.pci)}
        />
      ))}
    </ul>
  )
}

function SessionItem(props: {
  session: SessionRow
  revoking: boolean
  busy: boolean
  onRevoke(): void
}) {
  const { session } = props
  const { t, known } = useI18n()
  return (
    <li className="latch-session" data-testid="latch-session" data-status={session.status}>
      <div className="latch-session-head">
        <span className="latch-session-site">{session.site}</span>
        <span className="latch-tag" data-testid="latch-session-status">
          {known(session.statusText)}
        </span>
      </div>
      <ul className="latch-session-lines" aria-label={t('sessions.permissions')}>
        {session.permissions.map((line) => (
          <li key={line.english}>{known(line)}</li>
        ))}
      </ul>
      {session.usage.length > 0 && (
        <ul
          className="latch-session-lines"
          aria-label={t('sessions.used')}
          data-testid="latch-session-usage"
        >
          {session.usage.map((line) => (
            <li key={line.english}>{known(line)}</li>
          ))}
        </ul>
      )}
      <p className="latch-muted">{known(session.expiryText)}</p>
      {session.canRevoke && (
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          disabled={props.busy}
          onClick={props.onRevoke}
        >
          {props.revoking ? t('sessions.revoking') : t('sessions.revoke')}
        </button>
      )}
    </li>
  )
}
