import type { WalletSessionResponse } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import { HttpError } from '../errors.ts'
import { unknownProjectError } from '../plugins/project.ts'
import { SharedRateLimiter } from '../rateLimits/sharedRateLimiter.ts'
import { LoginChallengeStore } from './challenges.ts'
import {
  assertCodeUsable,
  generateCode,
  randomToken,
  sha256Hex,
  tryAgainError,
  wrongCodeError,
} from './codes.ts'
import { openSession, withSmartAccountState } from './connectedUser.ts'
import {
  DEVICE_APPROVAL_TTL_MS,
  EMAIL_START_IP_LIMIT,
  EMAIL_START_LIMIT,
  ID_BYTES,
  OTP_COOLDOWN_MS,
  OTP_TTL_MS,
  OTP_VERIFY_IP_LIMIT,
  TOKEN_BYTES,
} from './constants.ts'
import { type EmbeddedContext, lockKey } from './context.ts'
import { longPoll } from './longPoll.ts'
import { WalletUserStore } from './users.ts'

export type EmailLoginLimits = {
  startsPerIp: { max: number; windowMs: number }
  verifiesPerIp: { max: number; windowMs: number }
}

/** What a device-approval link led to, for the page it opens. */
export type DeviceApprovalOutcome = 'approved' | 'unknown' | 'expired'

export const NO_LOGIN_MESSAGE = 'No email login in progress on this device: start again'

/**
 * Email login: a 6-digit code by mail, checked against its keyed hash, valid 10
 * minutes, burnt by the fifth wrong try; a second start within 30 s is refused; a known user on
 * an unknown device first approves the device from a mailed link.
 */
export class EmailLogin {
  readonly #context: EmbeddedContext
  readonly #startLimiter: SharedRateLimiter
  readonly #verifyLimiter: SharedRateLimiter

  constructor(context: EmbeddedContext, limits?: Partial<EmailLoginLimits>) {
    this.#context = context
    this.#startLimiter = new SharedRateLimiter({
      name: 'email-start',
      ...(limits?.startsPerIp ?? EMAIL_START_IP_LIMIT),
      redis: context.redis,
      log: context.log,
    })
    this.#verifyLimiter = new SharedRateLimiter({
      name: 'email-verify',
      ...(limits?.verifiesPerIp ?? OTP_VERIFY_IP_LIMIT),
      redis: context.redis,
      log: context.log,
    })
  }

  /** Starts a login: mails the code (VERIFY_OTP), or the approval link first (VERIFY_DEVICE). */
  async start(
    request: { email: string; deviceId: string; projectId: string },
    ip: string,
    log: FastifyBaseLogger,
  ): Promise<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }> {
    const { db, mailer, codes, projects } = this.#context
    mailer.assertConfigured()
    await this.#startLimiter.hit(ip)
    if (!(await projects.get(request.projectId))) throw unknownProjectError(request.projectId)
    const { email } = request
    const deviceHash = sha256Hex(request.deviceId)
    const now = this.#context.now()
    const id = randomToken(ID_BYTES)
    const started = await db.transaction(async (tx) => {
      await lockKey(tx, `email:${email}`)
      await this.#assertMayStart(new LoginChallengeStore(tx), email, now)
      const user = await new WalletUserStore(tx).findByIdentity('email', email)
      const challenges = new LoginChallengeStore(tx)
      if (user && !(await new WalletUserStore(tx).isKnownDevice(user.id, deviceHash))) {
        const token = randomToken(TOKEN_BYTES)
        await challenges.create(
          {
            id,
            email,
            deviceHash,
            approval: {
              tokenHash: sha256Hex(token),
              expiresAt: new Date(now.getTime() + DEVICE_APPROVAL_TTL_MS),
            },
          },
          now,
        )
        return { action: 'VERIFY_DEVICE' as const, token }
      }
      const code = generateCode()
      await challenges.create(
        {
          id,
          email,
          deviceHash,
          code: { hash: codes.hash(id, code), expiresAt: new Date(now.getTime() + OTP_TTL_MS) },
        },
        now,
      )
      return { action: 'VERIFY_OTP' as const, code }
    })
    try {
      if (started.action === 'VERIFY_DEVICE') {
        const link = `${this.#context.frameUrl()}/wallet/v1/device/approve?token=${started.token}`
        await mailer.sendDeviceApproval(email, link, log)
      } else {
        await mailer.sendLoginCode(email, started.code, log)
      }
    } catch (error) {
      // No mail went out: the attempt must not hold the cooldown against a retry.
      await db.query('delete from wallet_login_challenges where id = $1', [id])
      throw error
    }
    return { action: started.action }
  }

  /** Waits (one long poll) for the device's approval; `false` when the poll ran out. */
  async awaitDevice(
    request: { email: string; deviceId: string },
    signal: AbortSignal,
  ): Promise<{ approved: boolean }> {
    const challenges = new LoginChallengeStore(this.#context.db)
    const deviceHash = sha256Hex(request.deviceId)
    const approved = await longPoll(
      async () => {
        const challenge = await challenges.latest(request.email, deviceHash)
        if (!challenge) throw new HttpError(400, NO_LOGIN_MESSAGE)
        if (!challenge.approvalExpiresAt || challenge.approvedAt) return true
        if (challenge.approvalExpiresAt <= this.#context.now())
          throw new HttpError(400, 'The approval link has expired: start again')
        return undefined
      },
      {
        timeoutMs: this.#context.longPollMs,
        signal: AbortSignal.any([signal, this.#context.closing]),
      },
    )
    return { approved: approved ?? false }
  }

  /** The mailed link was opened: approves the device and mails the code. */
  async approveDevice(token: string, log: FastifyBaseLogger): Promise<DeviceApprovalOutcome> {
    const { db, codes, mailer } = this.#context
    const challenges = new LoginChallengeStore(db)
    const challenge = await challenges.findByApprovalToken(sha256Hex(token))
    if (!challenge?.approvalExpiresAt) return 'unknown'
    // Opening the link twice (a mail client's preview, a second click) approves once.
    if (challenge.approvedAt) return 'approved'
    const now = this.#context.now()
    if (challenge.approvalExpiresAt <= now) return 'expired'
    const code = generateCode()
    const approved = await challenges.approve(
      challenge.id,
      { hash: codes.hash(challenge.id, code), expiresAt: new Date(now.getTime() + OTP_TTL_MS) },
      now,
    )
    if (!approved)
      return (await challenges.findByApprovalToken(sha256Hex(token)))?.approvedAt
        ? 'approved'
        : 'expired'
    try {
      await mailer.sendLoginCode(challenge.email, code, log)
    } catch (error) {
      // The code never left: undo, so the link can be opened again.
      await db.query(
        `update wallet_login_challenges set approved_at = null, code_hash = null,
           code_expires_at = null where id = $1`,
        [challenge.id],
      )
      throw error
    }
    return 'approved'
  }

  /** Checks the code of the device's newest challenge; a match logs the user in. */
  async verify(
    request: { email: string; otp: string; deviceId: string },
    ip: string,
  ): Promise<WalletSessionResponse> {
    const { db, codes } = this.#context
    await this.#verifyLimiter.hit(ip)
    const { email } = request
    const deviceHash = sha256Hex(request.deviceId)
    const now = this.#context.now()
    const challenges = new LoginChallengeStore(db)
    const challenge = await challenges.latest(email, deviceHash)
    if (!challenge) throw new HttpError(400, NO_LOGIN_MESSAGE)
    if (!challenge.codeHash || !challenge.codeExpiresAt)
      throw new HttpError(400, 'Approve this device from the email first')
    assertCodeUsable(
      {
        expiresAt: challenge.codeExpiresAt,
        failedAttempts: challenge.failedAttempts,
        usedAt: challenge.usedAt,
      },
      now,
    )
    if (!codes.matches(challenge.id, request.otp, challenge.codeHash))
      throw wrongCodeError(await challenges.countFailure(challenge.id))
    const login = await db.transaction(async (tx) => {
      await lockKey(tx, `email:${email}`)
      if (!(await new LoginChallengeStore(tx).use(challenge.id, now))) {
        // A concurrent call used, burnt or outlived the code between the check and here.
        const again = await new LoginChallengeStore(tx).latest(email, deviceHash)
        assertCodeUsable(
          {
            expiresAt: again?.codeExpiresAt ?? now,
            failedAttempts: again?.failedAttempts ?? 0,
            usedAt: again?.usedAt ?? null,
          },
          now,
        )
        throw new HttpError(400, NO_LOGIN_MESSAGE)
      }
      const users = new WalletUserStore(tx)
      let user = await users.findByIdentity('email', email)
      if (!user) {
        user = await users.create(this.#context.vault, now)
        await users.addIdentity(
          {
            provider: 'email',
            subject: email,
            userId: user.id,
            email,
            emailVerified: true,
            username: null,
          },
          now,
        )
      }
      return openSession(
        tx,
        this.#context,
        { user, identity: { provider: 'email', subject: email }, deviceHash, projectId: null },
        now,
      )
    })
    return { ...login, user: await withSmartAccountState(this.#context, login.user) }
  }

  /** One start per 30 s per email; at most EMAIL_START_LIMIT per window. */
  async #assertMayStart(challenges: LoginChallengeStore, email: string, now: Date) {
    const windowStart = new Date(now.getTime() - EMAIL_START_LIMIT.windowMs)
    const starts = await challenges.startsSince(email, windowStart)
    const last = starts[0]
    if (last && now.getTime() - last.getTime() < OTP_COOLDOWN_MS)
      throw tryAgainError(OTP_COOLDOWN_MS - (now.getTime() - last.getTime()))
    if (starts.length >= EMAIL_START_LIMIT.max) {
      const oldest = starts[EMAIL_START_LIMIT.max - 1] as Date
      throw tryAgainError(oldest.getTime() + EMAIL_START_LIMIT.windowMs - now.getTime())
    }
  }
}
