import { displayMessage } from '@latch/core'
import { expiryText } from '@latch/protocol/session-text'
import { useLatchInstance, useLatchNetwork } from '@latch/react'
import { useState } from 'react'
import type { DemoSession } from './sessionActions.ts'

// The actions load with the first click: the session key, viem's account code, the sender.
const actions = () => import('./sessionActions.ts')

/**
 * What a site does with smart sessions: asks once for "10 USDC a day to the devnet USDC token
 * (transfer only) for 7 days" for a key it makes in this page's memory, then spends 1 USDC at a
 * time with that key alone: no prompt, and the chain refuses what the session does not allow.
 */
export function SmartSessionPanel() {
  const latch = useLatchInstance()
  const network = useLatchNetwork()
  const [session, setSession] = useState<DemoSession>()
  const [grant, setGrant] = useState<string>()
  const [spend, setSpend] = useState<string>()
  const [busy, setBusy] = useState(false)
  const chainId =
    network.caipNetwork?.chainNamespace === 'eip155' ? network.caipNetwork.id : undefined

  const onGrant = async () => {
    if (chainId === undefined) return
    setBusy(true)
    setGrant('Waiting for approval…')
    try {
      const granted = await (await actions()).grantDemoSession(latch, Number(chainId))
      setSession(granted)
      setGrant(
        `Granted until ${expiryText(granted.granted.expiry)} (session ${granted.granted.context.slice(0, 10)}…)`,
      )
    } catch (error) {
      setGrant(`Not granted: ${displayMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }
  const onSpend = async () => {
    if (!session) return
    setBusy(true)
    setSpend('Sending with the session key…')
    const code = await actions()
    try {
      setSpend(`Spent 1 USDC in ${await code.spendOneUsdc(session)}`)
    } catch (error) {
      setSpend(`Refused: ${code.spendFailure(error, displayMessage)}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="try-it" aria-label="Smart session">
      <h2>Smart session</h2>
      <p>
        A session key in this page's memory may spend 10 USDC a day on the devnet USDC token
        (transfer only) for 7 days, with no prompt.
      </p>
      <p>
        <button type="button" onClick={onGrant} disabled={busy || chainId === undefined}>
          Grant a session
        </button>{' '}
        <span className="result" data-testid="demo-session-grant">
          {grant}
        </span>
      </p>
      <p>
        <button type="button" onClick={onSpend} disabled={busy || !session}>
          Spend 1 USDC
        </button>{' '}
        <span className="result" data-testid="demo-session-spend">
          {spend}
        </span>
      </p>
    </section>
  )
}
