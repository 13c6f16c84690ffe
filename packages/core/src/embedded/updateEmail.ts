import { EMAIL_LOGIN_COOLDOWN_MS } from '@latch/protocol/frame'
import { displayMessage } from '../displayMessage.ts'
import { isEmail } from '../validation/isEmail.ts'
import type { EmbeddedContext } from './context.ts'
import { INVALID_EMAIL_MESSAGE, INVALID_OTP_MESSAGE } from './emailLogin.ts'
import { embeddedAccountPatch } from './walletInfo.ts'

const isOtp = (otp: string) => /^\d{6}$/.test(otp)

async function step<T>(ctx: EmbeddedContext, run: () => Promise<T>): Promise<T | undefined> {
  if (ctx.store.get().pending) return undefined
  ctx.store.set({ pending: true, error: undefined })
  try {
    const result = await run()
    ctx.store.set({ pending: false })
    return result
  } catch (error) {
    ctx.store.set({ pending: false, error: displayMessage(error) })
    return undefined
  }
}

/**
 * Starts changing the email of an email user (it must be a valid email): a code goes to the current
 * address and one to the new; on to UpdateEmailPrimaryOtp.
 */
export async function updateEmail(ctx: EmbeddedContext, input: string): Promise<boolean> {
  const email = input.trim()
  if (!isEmail(email)) {
    ctx.store.set({ error: INVALID_EMAIL_MESSAGE })
    return false
  }
  const answer = await step(ctx, async () => (await ctx.frame()).request('UPDATE_EMAIL', { email }))
  if (!answer) return false
  const primary = answer.action === 'VERIFY_PRIMARY_OTP'
  ctx.store.set({
    newEmail: email,
    step: primary ? 'updatePrimaryOtp' : 'updateSecondaryOtp',
    resendAvailableAt: ctx.now() + EMAIL_LOGIN_COOLDOWN_MS,
  })
  ctx.router.push(primary ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp')
  return true
}

/** The code sent to the current address; on to UpdateEmailSecondaryOtp. */
export async function updateEmailPrimaryOtp(ctx: EmbeddedContext, otp: string): Promise<boolean> {
  if (!isOtp(otp)) {
    ctx.store.set({ error: INVALID_OTP_MESSAGE })
    return false
  }
  const answer = await step(ctx, async () =>
    (await ctx.frame()).request('UPDATE_EMAIL_PRIMARY_OTP', { otp }),
  )
  if (!answer) return false
  ctx.store.set({ step: 'updateSecondaryOtp' })
  ctx.router.push('UpdateEmailSecondaryOtp')
  return true
}

/** The code sent to the new address: the account now uses it; back to Account. */
export async function updateEmailSecondaryOtp(ctx: EmbeddedContext, otp: string): Promise<boolean> {
  if (!isOtp(otp)) {
    ctx.store.set({ error: INVALID_OTP_MESSAGE })
    return false
  }
  const answer = await step(ctx, async () =>
    (await ctx.frame()).request('UPDATE_EMAIL_SECONDARY_OTP', { otp }),
  )
  if (!answer) return false
  const { user, socialProvider } = ctx.store.get()
  const updated = user ? { ...user, email: answer.email } : undefined
  ctx.store.set({ step: 'connected', user: updated, email: answer.email, newEmail: undefined })
  if (updated) ctx.account.update('eip155', embeddedAccountPatch(updated, socialProvider))
  ctx.snackbar.showSuccess('Email updated')
  ctx.router.reset('Account')
  return true
}
