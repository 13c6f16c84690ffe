import { displayMessage } from '../displayMessage.ts'
import { type EmbeddedContext, finishLogin } from './context.ts'
import { FrameTimeoutError } from './errors.ts'
import type { FarcasterLoginState } from './types.ts'

export type FarcasterLogin = {
  /** Opens ConnectingFarcaster and starts a login: a new channel, its URL, then the wait. */
  connect(): Promise<boolean>
  /** Stops waiting and drops the frame's login too. */
  cancel(): void
}

type Flow = { done: boolean; cleanups: (() => void)[] }

/**
 * Log in with Farcaster: the frame opens a relay channel (GET_FARCASTER_URI), whose URL the
 * account keeps as `farcasterUrl` and ConnectingFarcaster shows as a QR code; then the frame is
 * asked (CONNECT_FARCASTER) until the visitor's Farcaster app answered. Connected, the user
 * logs in like an email or social user; a decline, an expired channel or an error each end in
 * their own state, from which the visitor tries again.
 */
export function createFarcasterLogin(ctx: EmbeddedContext): FarcasterLogin {
  let current: Flow | undefined

  const setState = (state: FarcasterLoginState) => ctx.store.set({ farcaster: state })

  function end(flow: Flow) {
    flow.done = true
    for (const cleanup of flow.cleanups.splice(0)) cleanup()
    if (current === flow) current = undefined
  }

  function cancelInFrame() {
    void ctx
      .frame()
      .then((frame) => frame.request('CANCEL_FARCASTER', {}, { alertOnTimeout: false }))
      .catch(() => {})
  }

  async function run(flow: Flow): Promise<boolean> {
    try {
      const frame = await ctx.frame()
      const { url } = await frame.request('GET_FARCASTER_URI', {})
      if (flow.done) return false
      ctx.account.update('eip155', { farcasterUrl: url })
      setState({ status: 'waiting', url })
      for (;;) {
        let answer: Awaited<ReturnType<typeof frame.request<'CONNECT_FARCASTER'>>>
        try {
          answer = await frame.request('CONNECT_FARCASTER', {}, { alertOnTimeout: false })
        } catch (error) {
          // A long poll that ran out is asked again, as one that answered `pending`.
          if (error instanceof FrameTimeoutError && !flow.done) continue
          throw error
        }
        if (flow.done) return false
        if (answer.status === 'pending') continue
        end(flow)
        if (answer.status === 'connected') {
          ctx.account.update('eip155', { farcasterUrl: undefined })
          return await finishLogin(ctx, answer.user, 'farcaster')
        }
        setState({ status: answer.status })
        return false
      }
    } catch (error) {
      if (flow.done) return false
      end(flow)
      setState({ status: 'error', error: displayMessage(error) })
      return false
    }
  }

  return {
    connect() {
      if (current) end(current)
      const flow: Flow = { done: false, cleanups: [] }
      current = flow
      setState({ status: 'starting' })
      ctx.store.set({ error: undefined })
      ctx.router.push('ConnectingFarcaster')
      // Leaving the view stops the wait (going back drops the login after the go-back delay);
      // closing the modal drops it at once.
      flow.cleanups.push(
        ctx.router.state.subscribe((state) => {
          if (state.view !== 'ConnectingFarcaster') end(flow)
        }),
        ctx.modal.state.subscribe((state) => {
          if (state.open) return
          end(flow)
          cancelInFrame()
        }),
      )
      return run(flow)
    },
    cancel() {
      if (current) end(current)
      cancelInFrame()
    },
  }
}
