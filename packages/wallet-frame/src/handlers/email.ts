import { NO_EMAIL_LOGIN_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import { payloadRecord, stringField } from '../messages/payload.ts'
import { type FrameContext, type HandlerGroup, requireProjectId, startSession } from './context.ts'

/** Email login: start, device approval, one-time code (a valid email, 30 s between codes). */
export function emailHandlers(
  context: FrameContext,
): HandlerGroup<'CONNECT_EMAIL' | 'CONNECT_DEVICE' | 'CONNECT_OTP'> {
  const { api, store } = context

  function pendingEmail(): string {
    const email = store.pendingEmail()
    if (!email) throw new FrameRequestError(NO_EMAIL_LOGIN_MESSAGE)
    return email
  }

  return {
    async CONNECT_EMAIL(payload) {
      const email = stringField(payloadRecord(payload), 'email')
      const { action } = await api('email/start', {
        email,
        deviceId: store.deviceId(),
        projectId: requireProjectId(context),
      })
      store.setPendingEmail(email)
      return { action }
    },
    async CONNECT_DEVICE() {
      const email = pendingEmail()
      const { approved } = await api('email/device', { email, deviceId: store.deviceId() })
      return { approved }
    },
    async CONNECT_OTP(payload) {
      const otp = stringField(payloadRecord(payload), 'otp')
      const login = await api('email/verify', {
        email: pendingEmail(),
        otp,
        deviceId: store.deviceId(),
      })
      store.setPendingEmail(undefined)
      return startSession(context, login)
    },
  }
}
