import { timingSafeEqual } from 'node:crypto'
import {
  FARCASTER_DECLINED_MESSAGE,
  FARCASTER_EXPIRED_MESSAGE,
  type WalletSessionResponse,
} from '@latch/protocol'
import type { Hex, PublicClient } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import { HttpError } from '../../errors.ts'
import { unknownProjectError } from '../../plugins/project.ts'
import { SharedRateLimiter } from '../../rateLimits/sharedRateLimiter.ts'
import { randomToken, sha256Hex } from '../codes.ts'
import { openSession, withSmartAccountState } from '../connectedUser.ts'
import {
  FARCASTER_FLOW_TTL_MS,
  FARCASTER_START_IP_LIMIT,
  ID_BYTES,
  TOKEN_BYTES,
} from '../constants.ts'
import { type EmbeddedContext, lockKey } from '../context.ts'
import { longPoll } from '../longPoll.ts'
import { WalletUserStore } from '../users.ts'
import { type FarcasterFlow, FarcasterFlowStore } from './flows.ts'
import { FARCASTER_PROVIDER, saveFarcasterProfile, usableAvatar } from './profile.ts'
import type { ChannelStatus, FarcasterRelayClient } from './relay.ts'
import { verifyFarcasterSignIn } from './verifySignIn.ts'

const UNKNOWN_FLOW = 'Unknown Farcaster login: start again'
const NOT_CONFIGURED = 'Log in with Farcaster is not configured on this server'

/** What ends a Farcaster login, by how it ended, when asked again. */
const ENDED: Record<string, { status: number; message: string }> = {
  connected: { status: 400, message: 'This Farcaster login is already finished' },
  cancelled: { status: 400, message: 'This Farcaster login was cancelled' },
  declined: { status: 400, message: FARCASTER_DECLINED_MESSAGE },
  expired: { status: 400, message: FARCASTER_EXPIRED_MESSAGE },
}

/** The relay and chain a Farcaster login needs; absent when the server is not configured for it. */
export type FarcasterServices = { relay: FarcasterRelayClient; optimism: PublicClient }

/**
 * Log in with Farcaster: start opens a channel on the relay with a nonce of this server's and
 * the frame origin as domain, and hands the frame the channel's URL and a secret; finish (a long
 * poll with the secret) asks the relay until the visitor's Farcaster app answered, checks the
 * signed message (domain, nonce, signature by the custody address, its fid in the ID Registry)
 * and then, in one transaction, ends the login and opens the session: a refused message leaves
 * no user, no session, and the login ended.
 */
export class FarcasterLoginFlows {
  readonly #context: EmbeddedContext
  readonly #services: () => FarcasterServices | undefined
  readonly #startLimiter: SharedRateLimiter

  constructor(
    context: EmbeddedContext,
    services: () => FarcasterServices | undefined,
    startsPerIp = FARCASTER_START_IP_LIMIT,
  ) {
    this.#context = context
    this.#services = services
    this.#startLimiter = new SharedRateLimiter({
      name: 'farcaster-start',
      ...startsPerIp,
      redis: context.redis,
      log: context.log,
    })
  }

  async start(
    request: { deviceId: string; projectId: string },
    ip: string,
  ): Promise<{ flowId: string; flowSecret: string; url: string; expiresAt: string }> {
    await this.#startLimiter.hit(ip)
    const services = this.#services()
    if (!services) throw new HttpError(400, NOT_CONFIGURED)
    if (!(await this.#context.projects.get(request.projectId)))
      throw unknownProjectError(request.projectId)
    const now = this.#context.now()
    const expiresAt = new Date(now.getTime() + FARCASTER_FLOW_TTL_MS)
    // The session opens on the frame's origin: the message must be for it, not for the site.
    const frame = new URL(this.#context.frameUrl())
    const nonce = generateSiweNonce()
    const channel = await services.relay.createChannel({
      siweUri: frame.origin,
      domain: frame.host,
      nonce,
      expirationTime: expiresAt.toISOString(),
    })
    const flowId = randomToken(ID_BYTES)
    const flowSecret = randomToken(TOKEN_BYTES)
    await new FarcasterFlowStore(this.#context.db).create({
      id: flowId,
      secretHash: sha256Hex(flowSecret),
      projectId: request.projectId,
      deviceHash: sha256Hex(request.deviceId),
      channelToken: channel.channelToken,
      nonce,
      domain: frame.host,
      url: channel.url,
      createdAt: now,
      expiresAt,
    })
    return { flowId, flowSecret, url: channel.url, expiresAt: expiresAt.toISOString() }
  }

  /** Long poll: the session once the visitor's app signed in and the message checked out. */
  async finish(
    request: { flowId: string; flowSecret: string },
    signal: AbortSignal,
  ): Promise<{ status: 'pending' } | (WalletSessionResponse & { status: 'connected' })> {
    const flows = new FarcasterFlowStore(this.#context.db)
    await this.#flowOf(flows, request)
    const connected = await longPoll(() => this.#check(flows, request.flowId), {
      timeoutMs: this.#context.longPollMs,
      signal: AbortSignal.any([signal, this.#context.closing]),
    })
    return connected ? { status: 'connected', ...connected } : { status: 'pending' }
  }

  async cancel(request: { flowId: string; flowSecret: string }): Promise<void> {
    const flows = new FarcasterFlowStore(this.#context.db)
    const flow = await this.#flowOf(flows, request)
    await flows.finish(flow.id, 'cancelled', this.#context.now())
  }

  /** One look at the login: its end if it has one, else the relay's word on its channel. */
  async #check(
    flows: FarcasterFlowStore,
    flowId: string,
  ): Promise<WalletSessionResponse | undefined> {
    const flow = await flows.get(flowId)
    if (!flow) throw new HttpError(400, UNKNOWN_FLOW)
    if (flow.outcome) throw this.#endedError(flow)
    const now = this.#context.now()
    if (flow.expiresAt <= now) return this.#end(flows, flow, 'expired')
    const services = this.#services()
    if (!services) throw new HttpError(400, NOT_CONFIGURED)
    const status = await services.relay.status(flow.channelToken)
    if (status === 'gone') return this.#end(flows, flow, 'expired')
    if (status.state === 'pending') return undefined
    if (status.state === 'declined') return this.#end(flows, flow, 'declined')
    return this.#signIn(flows, flow, status, services.optimism)
  }

  async #signIn(
    flows: FarcasterFlowStore,
    flow: FarcasterFlow,
    status: ChannelStatus,
    optimism: PublicClient,
  ): Promise<WalletSessionResponse> {
    const now = this.#context.now()
    let fid: number
    try {
      if (!status.message || !status.signature || !status.fid)
        throw new HttpError(400, 'The Farcaster app answered without a signed message')
      ;({ fid } = await verifyFarcasterSignIn({
        message: status.message,
        signature: status.signature as Hex,
        domain: flow.domain,
        nonce: flow.nonce,
        client: optimism,
        now,
      }))
      if (fid !== status.fid)
        throw new HttpError(401, `The message signs in Farcaster ID ${fid}, not ${status.fid}`)
    } catch (error) {
      // A refused message ends the login (its nonce is spent); an outage leaves it to retry.
      if (error instanceof HttpError && error.statusCode < 500)
        await flows.finish(flow.id, 'refused', now, error.message)
      throw error
    }
    const profile = {
      fid,
      username: status.username?.trim() || `fid ${fid}`,
      ...(status.displayName?.trim() ? { displayName: status.displayName.trim() } : {}),
      ...(usableAvatar(status.pfpUrl) ? { pfpUrl: usableAvatar(status.pfpUrl) } : {}),
    }
    const login = await this.#context.db.transaction(async (tx) => {
      if (!(await new FarcasterFlowStore(tx).finish(flow.id, 'connected', now)))
        throw new HttpError(400, ENDED.connected?.message ?? UNKNOWN_FLOW)
      await lockKey(tx, `${FARCASTER_PROVIDER}:${fid}`)
      const users = new WalletUserStore(tx)
      let user = await users.findByIdentity(FARCASTER_PROVIDER, String(fid))
      if (!user) {
        user = await users.create(this.#context.vault, now)
        await users.addIdentity(
          {
            provider: FARCASTER_PROVIDER,
            subject: String(fid),
            userId: user.id,
            email: null,
            emailVerified: false,
            username: profile.username,
          },
          now,
        )
      }
      await saveFarcasterProfile(tx, profile)
      return openSession(
        tx,
        this.#context,
        {
          user,
          identity: { provider: FARCASTER_PROVIDER, subject: String(fid) },
          deviceHash: flow.deviceHash,
          projectId: flow.projectId,
        },
        now,
      )
    })
    return { ...login, user: await withSmartAccountState(this.#context, login.user) }
  }

  /** Ends the login as declined or expired (once), and answers that. */
  async #end(
    flows: FarcasterFlowStore,
    flow: FarcasterFlow,
    outcome: 'declined' | 'expired',
  ): Promise<never> {
    await flows.finish(flow.id, outcome, this.#context.now())
    const ended = await flows.get(flow.id)
    throw this.#endedError(ended ?? flow)
  }

  #endedError(flow: FarcasterFlow): HttpError {
    if (flow.outcome === 'refused') return new HttpError(401, flow.error ?? UNKNOWN_FLOW)
    const ended = flow.outcome ? ENDED[flow.outcome] : undefined
    return new HttpError(ended?.status ?? 400, ended?.message ?? UNKNOWN_FLOW)
  }

  async #flowOf(
    flows: FarcasterFlowStore,
    request: { flowId: string; flowSecret: string },
  ): Promise<FarcasterFlow> {
    const flow = await flows.get(request.flowId)
    const expected = Buffer.from(flow?.secretHash ?? '0'.repeat(64), 'hex')
    const actual = Buffer.from(sha256Hex(request.flowSecret), 'hex')
    // One answer for an unknown login and a wrong secret: the id alone tells nothing.
    if (!flow || !timingSafeEqual(expected, actual)) throw new HttpError(400, UNKNOWN_FLOW)
    return flow
  }
}
