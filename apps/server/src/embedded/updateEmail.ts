import type { FastifyBaseLogger } from 'fastify'
import { HttpError } from '../errors.ts'
import { SharedRateLimiter } from '../rateLimits/sharedRateLimiter.ts'
import {
  assertCodeUsable,
  CODE_USED_MESSAGE,
  generateCode,
  randomToken,
  tryAgainError,
  wrongCodeError,
} from './codes.ts'
import {
  EMAIL_START_LIMIT,
  ID_BYTES,
  OTP_COOLDOWN_MS,
  OTP_TTL_MS,
  OTP_VERIFY_IP_LIMIT,
} from './constants.ts'
import { type EmbeddedContext, lockKey } from './context.ts'
import { type EmailUpdate, EmailUpdateStore, type UpdateCodeSlot } from './emailUpdates.ts'
import { WalletSessionStore } from './sessions.ts'
import { WalletUserStore } from './users.ts'

const NO_UPDATE_MESSAGE = 'No email change in progress: start again'
const EMAIL_TAKEN_MESSAGE = 'This email is already used by another account'

/**
 * A change of the user's email: a code to the current address, then one to the new,
 * under the login codes' rules (10 minutes, five wrong tries, 30 s between starts).
 */
export class UpdateEmail {
  readonly #context: EmbeddedContext
  readonly #verifyLimiter: SharedRateLimiter

  constructor(context: EmbeddedContext, verifiesPerIp = OTP_VERIFY_IP_LIMIT) {
    this.#context = context
    this.#verifyLimiter = new SharedRateLimiter({
      name: 'email-update-verify',
      ...verifiesPerIp,
      redis: context.redis,
      log: context.log,
    })
  }

  async start(
    userId: string,
    newEmail: string,
    log: FastifyBaseLogger,
  ): Promise<{ action: 'VERIFY_PRIMARY_OTP' }> {
    const { db, mailer, codes } = this.#context
    mailer.assertConfigured()
    const now = this.#context.now()
    const id = randomToken(ID_BYTES)
    const sent = await db.transaction(async (tx) => {
      await lockKey(tx, `update:${userId}`)
      const users = new WalletUserStore(tx)
      const current = (await users.identities(userId)).find((item) => item.provider === 'email')
      if (!current)
        throw new HttpError(400, 'Only an account with an email login has an email to change')
      if (current.subject === newEmail) throw new HttpError(400, 'This is already your email')
      const owner = await users.findByIdentity('email', newEmail)
      if (owner) throw new HttpError(400, EMAIL_TAKEN_MESSAGE)
      const updates = new EmailUpdateStore(tx)
      const starts = await updates.startsSince(
        userId,
        new Date(now.getTime() - EMAIL_START_LIMIT.windowMs),
      )
      const last = starts[0]
      if (last && now.getTime() - last.getTime() < OTP_COOLDOWN_MS)
        throw tryAgainError(OTP_COOLDOWN_MS - (now.getTime() - last.getTime()))
      if (starts.length >= EMAIL_START_LIMIT.max)
        throw tryAgainError(
          (starts[EMAIL_START_LIMIT.max - 1] as Date).getTime() +
            EMAIL_START_LIMIT.windowMs -
            now.getTime(),
        )
      const primary = generateCode()
      const secondary = generateCode()
      await updates.create({
        id,
        userId,
        currentEmail: current.subject,
        newEmail,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        codeHashes: {
          primary: codes.hash(`${id}:primary`, primary),
          secondary: codes.hash(`${id}:secondary`, secondary),
        },
      })
      return { currentEmail: current.subject, primary, secondary }
    })
    try {
      await mailer.sendUpdateCode(sent.currentEmail, sent.primary, 'current', log)
      await mailer.sendUpdateCode(newEmail, sent.secondary, 'new', log)
    } catch (error) {
      await db.query('delete from wallet_email_updates where id = $1', [id])
      throw error
    }
    return { action: 'VERIFY_PRIMARY_OTP' }
  }

  /** The current address's code. */
  async verifyPrimary(
    userId: string,
    otp: string,
    ip: string,
  ): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
    const update = await this.#checkCode(userId, 'primary', otp, ip)
    if (
      !(await new EmailUpdateStore(this.#context.db).markPrimaryVerified(
        update.id,
        this.#context.now(),
      ))
    )
      throw new HttpError(400, CODE_USED_MESSAGE)
    return { action: 'VERIFY_SECONDARY_OTP' }
  }

  /** The new address's code: the email identity moves to the new address. */
  async verifySecondary(userId: string, otp: string, ip: string): Promise<{ email: string }> {
    const update = await this.#checkCode(userId, 'secondary', otp, ip)
    const now = this.#context.now()
    return this.#context.db.transaction(async (tx) => {
      await lockKey(tx, `email:${update.newEmail}`)
      const users = new WalletUserStore(tx)
      if (await users.findByIdentity('email', update.newEmail))
        throw new HttpError(400, EMAIL_TAKEN_MESSAGE)
      if (!(await new EmailUpdateStore(tx).complete(update.id, now)))
        throw new HttpError(400, CODE_USED_MESSAGE)
      if (!(await users.changeEmail(userId, update.currentEmail, update.newEmail)))
        throw new HttpError(400, NO_UPDATE_MESSAGE)
      await new WalletSessionStore(tx).renameIdentity('email', update.currentEmail, update.newEmail)
      return { email: update.newEmail }
    })
  }

  async #checkCode(
    userId: string,
    slot: UpdateCodeSlot,
    otp: string,
    ip: string,
  ): Promise<EmailUpdate> {
    await this.#verifyLimiter.hit(ip)
    const updates = new EmailUpdateStore(this.#context.db)
    const update = await updates.latest(userId)
    if (!update || update.completedAt) throw new HttpError(400, NO_UPDATE_MESSAGE)
    if (slot === 'primary' && update.primaryVerifiedAt) throw new HttpError(400, CODE_USED_MESSAGE)
    if (slot === 'secondary' && !update.primaryVerifiedAt)
      throw new HttpError(400, 'Enter the code sent to your current email first')
    assertCodeUsable(
      { expiresAt: update.expiresAt, failedAttempts: update.failedAttempts[slot], usedAt: null },
      this.#context.now(),
    )
    if (!this.#context.codes.matches(`${update.id}:${slot}`, otp, update.codeHashes[slot]))
      throw wrongCodeError(await updates.countFailure(update.id, slot))
    return update
  }
}
