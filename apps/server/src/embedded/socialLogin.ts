import { timingSafeEqual } from 'node:crypto'
import type { SocialLoginProvider, WalletSessionResponse } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import { HttpError } from '../errors.ts'
import { unknownProjectError } from '../plugins/project.ts'
import { SharedRateLimiter } from '../rateLimits/sharedRateLimiter.ts'
import { randomToken, sha256Hex } from './codes.ts'
import { openSession, withSmartAccountState } from './connectedUser.ts'
import { ID_BYTES, SOCIAL_FLOW_TTL_MS, SOCIAL_START_IP_LIMIT, TOKEN_BYTES } from './constants.ts'
import { type EmbeddedContext, lockKey } from './context.ts'
import { longPoll } from './longPoll.ts'
import { SocialLoginError } from './social/index.ts'
import { type SocialFlow, SocialFlowStore } from './socialFlows.ts'
import { type WalletUser, WalletUserStore } from './users.ts'

/** What a provider says of the user once the login is checked (state, nonce, PKCE, ID token). */
export type SocialProfile = {
  provider: string
  subject: string
  email?: string
  emailVerified?: boolean
  username?: string
}

/** The OAuth library the flows drive (embedded/social): providers, authorize URLs, callbacks. */
export interface SocialLoginClient {
  enabled(): readonly string[]
  start(provider: SocialLoginProvider): Promise<{
    authorizationUrl: string
    pending: { state: string; nonce: string; codeVerifier: string }
  }>
  complete(
    provider: SocialLoginProvider,
    callbackUrl: URL,
    pending: { state: string; nonce: string; codeVerifier: string },
  ): Promise<SocialProfile>
}

/** What the callback page tells the user. */
export type SocialCallbackOutcome = { ok: true } | { ok: false; message: string }

const UNKNOWN_FLOW = 'Unknown social login: start again'

/**
 * Social login in a popup: start stores the flow (state, nonce, PKCE verifier) and
 * hands the frame a secret; the provider's redirect to the frame origin completes the flow; the
 * frame, long-polling with its secret, takes the session once. The popup's URL, which the site
 * may see, is useless without the secret.
 */
export class SocialLoginFlows {
  readonly #context: EmbeddedContext
  readonly #client: () => SocialLoginClient | undefined
  readonly #startLimiter: SharedRateLimiter

  constructor(
    context: EmbeddedContext,
    client: () => SocialLoginClient | undefined,
    startsPerIp = SOCIAL_START_IP_LIMIT,
  ) {
    this.#context = context
    this.#client = client
    this.#startLimiter = new SharedRateLimiter({
      name: 'social-start',
      ...startsPerIp,
      redis: context.redis,
      log: context.log,
    })
  }

  async start(
    request: { provider: SocialLoginProvider; deviceId: string; projectId: string },
    ip: string,
  ): Promise<{ flowId: string; flowSecret: string; authorizationUrl: string }> {
    await this.#startLimiter.hit(ip)
    const client = this.#client()
    if (!client?.enabled().includes(request.provider))
      throw new HttpError(400, `Social login with ${request.provider} is not configured`)
    if (!(await this.#context.projects.get(request.projectId)))
      throw unknownProjectError(request.projectId)
    const { authorizationUrl, pending } = await client.start(request.provider)
    const now = this.#context.now()
    const flowId = randomToken(ID_BYTES)
    const flowSecret = randomToken(TOKEN_BYTES)
    await new SocialFlowStore(this.#context.db).create({
      id: flowId,
      secretHash: sha256Hex(flowSecret),
      provider: request.provider,
      projectId: request.projectId,
      deviceHash: sha256Hex(request.deviceId),
      state: pending.state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SOCIAL_FLOW_TTL_MS),
    })
    return { flowId, flowSecret, authorizationUrl }
  }

  /** The provider redirected the popup here: checks its answer and records who logged in. */
  async callback(callbackUrl: URL, log: FastifyBaseLogger): Promise<SocialCallbackOutcome> {
    const flows = new SocialFlowStore(this.#context.db)
    const state = callbackUrl.searchParams.get('state')
    const flow = state ? await flows.findByState(state) : null
    if (!flow) return { ok: false, message: 'This login is unknown or has expired.' }
    if (flow.completedAt || flow.cancelledAt || flow.consumedAt)
      return { ok: false, message: 'This login is already finished.' }
    const now = this.#context.now()
    if (flow.expiresAt <= now) {
      await flows.complete(flow.id, { error: 'Social login expired: try again' }, now)
      return { ok: false, message: 'This login has expired: start again from the site.' }
    }
    const client = this.#client()
    let outcome: { userId: string; identitySubject: string } | { error: string }
    try {
      if (!client) throw new HttpError(400, `Social login with ${flow.provider} is not configured`)
      const profile = await client.complete(flow.provider as SocialLoginProvider, callbackUrl, {
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      })
      const user = await this.#userOf(flow, profile)
      outcome = { userId: user.id, identitySubject: profile.subject }
    } catch (error) {
      outcome = { error: socialErrorMessage(error, log) }
    }
    await flows.complete(flow.id, outcome, now)
    return 'error' in outcome ? { ok: false, message: outcome.error } : { ok: true }
  }

  /** Long poll: the session once the callback logged the user in, else `pending`. */
  async finish(
    request: { flowId: string; flowSecret: string },
    signal: AbortSignal,
  ): Promise<{ status: 'pending' } | (WalletSessionResponse & { status: 'connected' })> {
    const flows = new SocialFlowStore(this.#context.db)
    await this.#flowOf(flows, request)
    const connected = await longPoll(
      async () => {
        const flow = await flows.get(request.flowId)
        if (!flow) throw new HttpError(400, UNKNOWN_FLOW)
        if (flow.cancelledAt) throw new HttpError(400, 'Social login was cancelled')
        if (flow.consumedAt) throw new HttpError(400, 'This social login is already finished')
        if (flow.error) throw new HttpError(400, flow.error)
        if (flow.userId) return this.#openSession(flow)
        if (flow.expiresAt <= this.#context.now())
          throw new HttpError(400, 'Social login expired: try again')
        return undefined
      },
      {
        timeoutMs: this.#context.longPollMs,
        signal: AbortSignal.any([signal, this.#context.closing]),
      },
    )
    return connected ? { status: 'connected', ...connected } : { status: 'pending' }
  }

  async cancel(request: { flowId: string; flowSecret: string }): Promise<void> {
    const flows = new SocialFlowStore(this.#context.db)
    const flow = await this.#flowOf(flows, request)
    await flows.cancel(flow.id, this.#context.now())
  }

  async #flowOf(
    flows: SocialFlowStore,
    request: { flowId: string; flowSecret: string },
  ): Promise<SocialFlow> {
    const flow = await flows.get(request.flowId)
    const expected = Buffer.from(flow?.secretHash ?? '0'.repeat(64), 'hex')
    const actual = Buffer.from(sha256Hex(request.flowSecret), 'hex')
    // One answer for an unknown flow and a wrong secret: the id alone tells nothing.
    if (!flow || !timingSafeEqual(expected, actual)) throw new HttpError(400, UNKNOWN_FLOW)
    return flow
  }

  async #openSession(flow: SocialFlow): Promise<WalletSessionResponse> {
    const now = this.#context.now()
    const login = await this.#context.db.transaction(async (tx) => {
      if (!(await new SocialFlowStore(tx).consume(flow.id, now)))
        throw new HttpError(400, 'This social login is already finished')
      const user = await new WalletUserStore(tx).get(flow.userId as string)
      if (!user) throw new HttpError(400, UNKNOWN_FLOW)
      return openSession(
        tx,
        this.#context,
        {
          user,
          identity: { provider: flow.provider, subject: flow.identitySubject as string },
          deviceHash: flow.deviceHash,
          projectId: flow.projectId,
        },
        now,
      )
    })
    return { ...login, user: await withSmartAccountState(this.#context, login.user) }
  }

  /**
   * The user of a provider's subject: known already, or the email user whose address the
   * provider verified, or a new user. Only a verified email links: an unverified one could be
   * anybody's address typed into a provider account, and would hand that person's wallet over.
   */
  async #userOf(flow: SocialFlow, profile: SocialProfile): Promise<WalletUser> {
    const now = this.#context.now()
    const email = profile.email?.trim().toLowerCase() || null
    const verifiedEmail = email && profile.emailVerified === true ? email : null
    const details = {
      email,
      emailVerified: profile.emailVerified === true,
      username: profile.username ?? null,
    }
    return this.#context.db.transaction(async (tx) => {
      await lockKey(tx, `social:${flow.provider}:${profile.subject}`)
      if (verifiedEmail) await lockKey(tx, `email:${verifiedEmail}`)
      const users = new WalletUserStore(tx)
      const known = await users.findByIdentity(flow.provider, profile.subject)
      if (known) {
        await users.updateProfile(flow.provider, profile.subject, details)
        return known
      }
      const emailUser = verifiedEmail ? await users.findByIdentity('email', verifiedEmail) : null
      const user = emailUser ?? (await users.create(this.#context.vault, now))
      await users.addIdentity(
        { provider: flow.provider, subject: profile.subject, userId: user.id, ...details },
        now,
      )
      // A verified address also opens the wallet by email later: one person, one wallet,
      // whichever way they come first.
      if (verifiedEmail && !emailUser)
        await users.addIdentity(
          {
            provider: 'email',
            subject: verifiedEmail,
            userId: user.id,
            email: verifiedEmail,
            emailVerified: true,
            username: null,
          },
          now,
        )
      return user
    })
  }
}

/** A user-safe message for a failed callback: the library's own, or a generic one (logged). */
function socialErrorMessage(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof HttpError) return error.message
  if (error instanceof SocialLoginError) return error.message
  log.error(
    { reason: error instanceof Error ? error.message : String(error) },
    'social login callback failed',
  )
  return 'Social login failed: try again'
}
