import { displayMessage } from '@latch/core'
import { dateFormat, type Locale, numberFormat } from '@latch/protocol/i18n'
import { useLatchInstance, useLatchNetwork } from '@latch/react'
import { useState } from 'react'
import type { Said } from '../i18n/DemoI18nContext.ts'
import { useDemoI18n } from '../i18n/useDemoI18n.ts'
import type { DemoSession } from './sessionActions.ts'
import { DAILY_LIMIT_USDC, SESSION_DAYS, SPEND_USDC } from './sessionTerms.ts'

// The actions load with the first click: the session key, viem's account code, the sender.
const actions = () => import('./sessionActions.ts')

/** A session's end in UTC, as the wallet's approval screen words it, in the page's language. */
const EXPIRY = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const
const expiryIn = (expiry: number) => (locale: Locale) =>
  dateFormat(locale, EXPIRY).format(new Date(expiry * 1000))

/** "7 days" in the locale's words and plural. */
const DAYS = { style: 'unit', unit: 'day', unitDisplay: 'long' } as const

/**
 * What a site does with smart sessions: asks once for "10 USDC a day to the devnet USDC token
 * (transfer only) for 7 days" for a key it makes in this page's memory, then spends 1 USDC at a
 * time with that key alone: no prompt, and the chain refuses what the session does not allow.
 */
export function SmartSessionPanel() {
  const latch = useLatchInstance()
  const network = useLatchNetwork()
  const { locale, t, say } = useDemoI18n()
  const [session, setSession] = useState<DemoSession>()
  const [grant, setGrant] = useState<Said>()
  const [spend, setSpend] = useState<Said>()
  const [busy, setBusy] = useState(false)
  const chainId =
    network.caipNetwork?.chainNamespace === 'eip155' ? network.caipNetwork.id : undefined

  const onGrant = async () => {
    if (chainId === undefined) return
    setBusy(true)
    setGrant({ key: 'session.waiting' })
    try {
      const granted = await (await actions()).grantDemoSession(latch, Number(chainId))
      setSession(granted)
      setGrant({
        key: 'session.granted',
        params: {
          expiry: expiryIn(granted.granted.expiry),
          session: granted.granted.context.slice(0, 10),
        },
      })
    } catch (error) {
      setGrant({ key: 'session.notGranted', params: { reason: displayMessage(error) } })
    } finally {
      setBusy(false)
    }
  }
  const onSpend = async () => {
    if (!session) return
    setBusy(true)
    setSpend({ key: 'session.sending' })
    const code = await actions()
    try {
      const id = await code.spendOneUsdc(session)
      setSpend({ key: 'session.spent', params: { amount: SPEND_USDC, id } })
    } catch (error) {
      setSpend({
        key: 'session.refused',
        params: { reason: code.spendFailure(error, displayMessage) },
      })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="try-it" aria-label={t('session.title')}>
      <h2>{t('session.title')}</h2>
      <p>
        {t('session.terms', {
          limit: DAILY_LIMIT_USDC,
          days: numberFormat(locale, DAYS).format(SESSION_DAYS),
        })}
      </p>
      <p>
        <button
          type="button"
          onClick={onGrant}
          disabled={busy || chainId === undefined}
          data-testid="demo-grant-session"
        >
          {t('session.grant')}
        </button>{' '}
        <span className="result" data-testid="demo-session-grant">
          {say(grant)}
        </span>
      </p>
      <p>
        <button type="button" onClick={onSpend} disabled={busy || !session}>
          {t('session.spend', { amount: SPEND_USDC })}
        </button>{' '}
        <span className="result" data-testid="demo-session-spend">
          {say(spend)}
        </span>
      </p>
    </section>
  )
}
