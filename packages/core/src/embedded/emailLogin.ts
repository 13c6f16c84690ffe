import { EMAIL_LOGIN_COOLDOWN_MS, OTP_LENGTH } from '@latch/protocol/frame'
import { displayMessage } from '../displayMessage.ts'
import { isEmail } from '../validation/isEmail.ts'
import { type EmbeddedContext, finishLogin } from './context.ts'
import { cooldownMessage } from './cooldown.ts'
import { FrameTimeoutError } from './errors.ts'

/** Login and email updates need a valid email; the message says so, with an example. */
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com'
const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`)
/** The message for a code that is not 6 digits (the server's wording). */
export const INVALID_OTP_MESSAGE = `The code has ${OTP_LENGTH} digits`

/** The code was (re)sent now: the next send may follow in 30 s. */
function sentNow(ctx: EmbeddedContext) {
  const now = ctx.now()
  return { lastEmailAttemptAt: now, resendAvailableAt: now + EMAIL_LOGIN_COOLDOWN_MS }
}

/**
 * Starts an email login: a valid email, not within 30 s of the last attempt, then
 * CONNECT_EMAIL; on to EmailVerifyOtp, or EmailVerifyDevice for a known user on a new device.
 * Resolves false with `state.error` set when refused.
 */
export async function connectEmail(ctx: EmbeddedContext, input: string): Promise<boolean> {
  const email = input.trim()
  if (!isEmail(email)) {
    ctx.store.set({ error: INVALID_EMAIL_MESSAGE })
    return false
  }
  const { lastEmailAttemptAt, pending } = ctx.store.get()
  const wait = cooldownMessage(
    ctx.now(),
    lastEmailAttemptAt === undefined ? undefined : lastEmailAttemptAt + EMAIL_LOGIN_COOLDOWN_MS,
  )
  if (wait) {
    ctx.store.set({ error: wait })
    return false
  }
  if (pending) return false
  ctx.store.set({ pending: true, error: undefined, email, socialProvider: undefined })
  try {
    const frame = await ctx.frame()
    const { action } = await frame.request('CONNECT_EMAIL', { email })
    const device = action === 'VERIFY_DEVICE'
    ctx.store.set({
      pending: false,
      step: device ? 'verifyDevice' : 'verifyOtp',
      ...sentNow(ctx),
    })
    ctx.router.push(device ? 'EmailVerifyDevice' : 'EmailVerifyOtp')
    return true
  } catch (error) {
    ctx.store.set({ pending: false, error: displayMessage(error) })
    return false
  }
}

/**
 * Waits for the visitor to approve this device from the mailed link (CONNECT_DEVICE, asked again
 * until answered), then shows EmailVerifyOtp. Stops when `signal` aborts.
 */
export async function awaitDevice(ctx: EmbeddedContext, signal?: AbortSignal): Promise<boolean> {
  const waiting = () => !signal?.aborted && ctx.store.get().step === 'verifyDevice'
  try {
    const frame = await ctx.frame()
    while (waiting()) {
      let approved: boolean
      try {
        ;({ approved } = await frame.request('CONNECT_DEVICE', {}, { alertOnTimeout: false }))
      } catch (error) {
        // A long poll that ran out is asked again, as one that answered `approved: false`.
        if (error instanceof FrameTimeoutError) continue
        throw error
      }
      if (!waiting()) return false
      if (approved) {
        ctx.store.set({ step: 'verifyOtp', error: undefined, ...sentNow(ctx) })
        if (ctx.router.state.get().view === 'EmailVerifyDevice')
          ctx.router.replace('EmailVerifyOtp')
        else ctx.router.push('EmailVerifyOtp')
        return true
      }
    }
    return false
  } catch (error) {
    if (waiting()) ctx.store.set({ error: displayMessage(error) })
    return false
  }
}

/** Checks the 6-digit code (CONNECT_OTP) and connects; a wrong code leaves the server's message. */
export async function connectOtp(ctx: EmbeddedContext, otp: string): Promise<boolean> {
  if (!OTP_PATTERN.test(otp)) {
    ctx.store.set({ error: INVALID_OTP_MESSAGE })
    return false
  }
  if (ctx.store.get().pending) return false
  ctx.store.set({ pending: true, error: undefined })
  try {
    const frame = await ctx.frame()
    const user = await frame.request('CONNECT_OTP', { otp })
    return await finishLogin(ctx, user, 'email')
  } catch (error) {
    ctx.store.set({ pending: false, error: displayMessage(error) })
    return false
  }
}

/**
 * Sends the code again: refused with 'Please try again after {n} seconds' within 30 s of the last
 * send, without asking the frame. In the update-email steps it restarts the update.
 */
export async function resendCode(ctx: EmbeddedContext): Promise<boolean> {
  const { email, newEmail, step, resendAvailableAt, pending } = ctx.store.get()
  const updating = step === 'updatePrimaryOtp' || step === 'updateSecondaryOtp'
  const address = updating ? newEmail : email
  if (!address || pending) return false
  const wait = cooldownMessage(ctx.now(), resendAvailableAt)
  if (wait) {
    ctx.store.set({ error: wait })
    return false
  }
  ctx.store.set({ pending: true, error: undefined })
  try {
    const frame = await ctx.frame()
    if (updating) {
      await frame.request('UPDATE_EMAIL', { email: address })
      ctx.store.set({ pending: false, step: 'updatePrimaryOtp', ...sentNow(ctx) })
      if (ctx.router.state.get().view === 'UpdateEmailSecondaryOtp') ctx.router.goBack()
      return true
    }
    const { action } = await frame.request('CONNECT_EMAIL', { email: address })
    const device = action === 'VERIFY_DEVICE'
    ctx.store.set({ pending: false, step: device ? 'verifyDevice' : 'verifyOtp', ...sentNow(ctx) })
    if (device && ctx.router.state.get().view !== 'EmailVerifyDevice')
      ctx.router.replace('EmailVerifyDevice')
    return true
  } catch (error) {
    ctx.store.set({ pending: false, error: displayMessage(error) })
    return false
  }
}
