import type { EmbeddedContext } from './context.ts'
import { awaitDevice, connectEmail, connectOtp, resendCode } from './emailLogin.ts'
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from './updateEmail.ts'

/** The email login and email change, bound to one instance's context. */
export type EmbeddedFlows = ReturnType<typeof createEmbeddedFlows>

/**
 * The email login and email change of one instance: their own chunk, loaded when the Connect view
 * offers a login (or on first use), not with the page. Social login is not here: its popup must
 * open inside the click, before anything could load.
 */
export function createEmbeddedFlows(ctx: EmbeddedContext) {
  return {
    connectEmail: (email: string) => connectEmail(ctx, email),
    awaitDevice: (signal?: AbortSignal) => awaitDevice(ctx, signal),
    connectOtp: (otp: string) => connectOtp(ctx, otp),
    resendCode: () => resendCode(ctx),
    updateEmail: (email: string) => updateEmail(ctx, email),
    updateEmailPrimaryOtp: (otp: string) => updateEmailPrimaryOtp(ctx, otp),
    updateEmailSecondaryOtp: (otp: string) => updateEmailSecondaryOtp(ctx, otp),
  }
}
