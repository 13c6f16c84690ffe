import { payloadRecord, stringField } from '../messages/payload.ts'
import { callWithSession, type FrameContext, type HandlerGroup } from './context.ts'

/** Changing the user's email: a code to the current address, then one to the new address. */
export function updateEmailHandlers(
  context: FrameContext,
): HandlerGroup<'UPDATE_EMAIL' | 'UPDATE_EMAIL_PRIMARY_OTP' | 'UPDATE_EMAIL_SECONDARY_OTP'> {
  return {
    async UPDATE_EMAIL(payload) {
      const email = stringField(payloadRecord(payload), 'email')
      const { action } = await callWithSession(context, 'email/update', { email })
      return { action }
    },
    async UPDATE_EMAIL_PRIMARY_OTP(payload) {
      const otp = stringField(payloadRecord(payload), 'otp')
      const { action } = await callWithSession(context, 'email/update/primary', { otp })
      return { action }
    },
    async UPDATE_EMAIL_SECONDARY_OTP(payload) {
      const otp = stringField(payloadRecord(payload), 'otp')
      const { email } = await callWithSession(context, 'email/update/secondary', { otp })
      return { email }
    },
  }
}
