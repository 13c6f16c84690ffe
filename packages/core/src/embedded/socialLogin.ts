import type { SocialLoginProvider } from '@latch/protocol/frame'
import { SOCIAL_POPUP_CLOSED_GRACE_MS, SOCIAL_POPUP_POLL_MS } from '../constants.ts'
import { displayMessage } from '../displayMessage.ts'
import { type EmbeddedContext, finishLogin } from './context.ts'
import { FrameTimeoutError } from './errors.ts'
import type { PopupWindow } from './types.ts'

/** Shown when the visitor closed the popup, or the login could not go on. */
export const LOGIN_CANCELLED_MESSAGE = 'Login cancelled'
export const POPUP_BLOCKED_MESSAGE =
  'The login window was blocked. Allow pop-ups for this site and try again.'

type Flow = {
  provider: SocialLoginProvider
  popup: PopupWindow | null
  done: boolean
  cleanups: (() => void)[]
  /** Settles the login's promise when it is dropped while a long poll is still out. */
  dropped(): void
}

export type SocialLogin = {
  /** Must be called in the click's handler: it opens the popup before anything else. */
  connect(provider: SocialLoginProvider): Promise<boolean>
  /** Drops the login in progress and closes its popup. */
  cancel(): void
}

/**
 * Social login in a popup: the popup opens on the click (so no blocker stops it), then
 * goes to the provider's authorize URL the frame gives; the frame is asked (CONNECT_SOCIAL) until
 * the provider answered. A popup the visitor closed means 'Login cancelled' (CANCEL_SOCIAL).
 */
export function createSocialLogin(ctx: EmbeddedContext): SocialLogin {
  let current: Flow | undefined

  function end(flow: Flow) {
    flow.done = true
    for (const cleanup of flow.cleanups.splice(0)) cleanup()
    if (current === flow) current = undefined
    ctx.account.update('eip155', { socialWindow: undefined })
  }

  function cancelFlow(flow: Flow, error?: string) {
    if (flow.done) return
    end(flow)
    flow.dropped()
    if (flow.popup && !flow.popup.closed) flow.popup.close()
    void ctx
      .frame()
      .then((frame) => frame.request('CANCEL_SOCIAL', {}, { alertOnTimeout: false }))
      .catch(() => {})
    ctx.store.set({ pending: false, error, step: error ? 'social' : 'idle' })
  }

  function watchPopup(flow: Flow, popup: PopupWindow) {
    let timer: unknown
    const check = () => {
      if (flow.done) return
      if (!popup.closed) {
        timer = ctx.timers.setTimeout(check, SOCIAL_POPUP_POLL_MS)
        return
      }
      // The provider's callback page closes itself once the server has the result: give that
      // result a moment to arrive before calling the login cancelled.
      timer = ctx.timers.setTimeout(
        () => cancelFlow(flow, LOGIN_CANCELLED_MESSAGE),
        SOCIAL_POPUP_CLOSED_GRACE_MS,
      )
    }
    timer = ctx.timers.setTimeout(check, SOCIAL_POPUP_POLL_MS)
    flow.cleanups.push(() => ctx.timers.clearTimeout(timer))
  }

  async function run(flow: Flow, popup: PopupWindow): Promise<boolean> {
    try {
      const frame = await ctx.frame()
      const { uri } = await frame.request('GET_SOCIAL_REDIRECT_URI', { provider: flow.provider })
      if (flow.done) return false
      popup.location.href = uri
      watchPopup(flow, popup)
      for (;;) {
        let answer: Awaited<ReturnType<typeof frame.request<'CONNECT_SOCIAL'>>>
        try {
          answer = await frame.request('CONNECT_SOCIAL', {}, { alertOnTimeout: false })
        } catch (error) {
          // A long poll that ran out is asked again, as one that answered `pending`.
          if (error instanceof FrameTimeoutError && !flow.done) continue
          throw error
        }
        if (flow.done) return false
        if (answer.status === 'connected') {
          end(flow)
          if (!popup.closed) popup.close()
          return await finishLogin(ctx, answer.user, 'social')
        }
      }
    } catch (error) {
      cancelFlow(flow, displayMessage(error))
      return false
    }
  }

  return {
    connect(provider) {
      if (current) cancelFlow(current)
      // Synchronously, inside the click: a popup opened after an await is blocked.
      const popup = ctx.openPopup()
      let dropped = () => {}
      const whenDropped = new Promise<boolean>((resolve) => {
        dropped = () => resolve(false)
      })
      const flow: Flow = { provider, popup, done: false, cleanups: [], dropped: () => dropped() }
      current = flow
      ctx.store.set({ step: 'social', socialProvider: provider, error: undefined, pending: true })
      ctx.router.push('ConnectingSocial', { social: provider })
      if (!popup) {
        end(flow)
        ctx.store.set({ pending: false, error: POPUP_BLOCKED_MESSAGE })
        return Promise.resolve(false)
      }
      ctx.account.update('eip155', { socialWindow: popup, socialProvider: provider })
      // Leaving the view, or closing the modal, drops the login.
      flow.cleanups.push(
        ctx.router.state.subscribe((state) => {
          if (state.view !== 'ConnectingSocial') cancelFlow(flow)
        }),
        ctx.modal.state.subscribe((state) => {
          if (!state.open) cancelFlow(flow)
        }),
      )
      return Promise.race([run(flow, popup), whenDropped])
    },
    cancel() {
      if (current) cancelFlow(current)
    },
  }
}
