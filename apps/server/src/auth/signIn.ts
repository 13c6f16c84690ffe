import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { Families } from '../families/registry.ts'
import type { SignInFields } from '../families/types.ts'
import { isLocalhostOrigin, originAllowed, type Project } from '../projects.ts'
import { SIWX_CLOCK_SKEW_MS, SIWX_SESSION_TTL_MS } from './constants.ts'
import { SiwxNonceStore } from './nonceStore.ts'
import { type SiwxSessionRecord, SiwxSessionStore } from './sessionStore.ts'

export type SignInDeps = {
  db: Database
  families: Families
  nonces: SiwxNonceStore
  allowLocalhost: boolean
  log: FastifyBaseLogger
}

export type SignInRequest = {
  project: Project
  message: string
  /** 0x-hex; base58 for a Solana signature; base64 for a Bitcoin one (BIP-322 or BIP-137). */
  signature: string
  /** The Origin header of the call, when a browser made it. */
  requestOrigin?: string
  now?: Date
}

/** The alert the kit raises for a message outside its time window. */
const SESSION_EXPIRED = 'Session Expired'

const isoOf = (time: number) => new Date(time).toISOString()

/**
 * Verifies a signed CAIP-122 message for the project and opens a session. The family whose
 * message it is parses it and checks its signature (EIP-4361 on EVM, Sign In With Solana, Sign In
 * With Bitcoin, Polkadot's); the nonce, the origins and the time window are checked here, alike
 * for every family. Every refusal is an HttpError with its own message. The nonce is consumed in
 * the transaction that writes the session, so a message works once.
 */
export async function signIn(
  deps: SignInDeps,
  request: SignInRequest,
): Promise<{ token: string; session: SiwxSessionRecord }> {
  const { project } = request
  const now = request.now ?? new Date()
  const header = request.message.split('\n', 1)[0] ?? ''
  const reader = deps.families.signInOf(header)
  if (!reader) throw new HttpError(400, 'Not a sign-in message this server reads')
  const parsed = reader.parse(request.message, request.signature, deps.log)
  const { fields } = parsed

  const nonce = await deps.nonces.find(project.id, fields.nonce)
  if (!nonce)
    throw new HttpError(401, 'Unknown nonce: get one from GET /auth/v1/siwx/nonce for this project')
  if (nonce.usedAt) throw new HttpError(401, 'Nonce already used: sign a new message to sign in')
  if (nonce.expiresAt <= now)
    throw new HttpError(401, `Nonce expired at ${nonce.expiresAt.toISOString()}: get a new one`)

  checkOrigins(fields, project, deps.allowLocalhost, request.requestOrigin)
  const account = parsed.account()
  const sessionEnd = checkTimeWindow(fields, now)
  if (!(await account.verify())) throw new HttpError(401, 'Invalid signature')

  return deps.db.transaction(async (tx) => {
    if (!(await SiwxNonceStore.consume(tx, project.id, fields.nonce, now)))
      throw new HttpError(401, 'Nonce already used: sign a new message to sign in')
    return SiwxSessionStore.create(tx, {
      projectId: project.id,
      address: account.address,
      caipNetworkId: account.caipNetworkId,
      chainId: account.chainId,
      domain: fields.domain,
      uri: fields.uri,
      expiresAt: sessionEnd,
      nonce: fields.nonce,
      message: request.message,
      signature: request.signature,
    })
  })
}

/**
 * The message's domain and uri must be the project's (an allowed origin, or localhost in
 * development), and the domain the page's that asked, when a browser asked: EIP-4361's phishing
 * check.
 */
function checkOrigins(
  message: SignInFields,
  project: Project,
  allowLocalhost: boolean,
  requestOrigin: string | undefined,
): void {
  const allowed = (origin: string) =>
    originAllowed(origin, project.allowedOrigins) || (allowLocalhost && isLocalhostOrigin(origin))
  const schemes = message.scheme ? [message.scheme] : ['https', 'http']
  if (!schemes.some((scheme) => allowed(`${scheme}://${message.domain}`)))
    throw new HttpError(
      403,
      `Domain ${message.domain} is not an allowed origin of project "${project.id}"`,
    )
  if (requestOrigin && URL.canParse(requestOrigin)) {
    if (new URL(requestOrigin).host !== message.domain)
      throw new HttpError(
        403,
        `Domain ${message.domain} is not the origin of the request (${requestOrigin})`,
      )
  }
  const uriOrigin = URL.canParse(message.uri) ? new URL(message.uri).origin : 'null'
  if (uriOrigin === 'null' || !allowed(uriOrigin))
    throw new HttpError(
      403,
      `URI ${message.uri} is not on an allowed origin of project "${project.id}"`,
    )
}

/** Refuses a message outside its time window (with the skew); returns when the session ends. */
function checkTimeWindow(message: SignInFields, now: Date): Date {
  const time = now.getTime()
  const issuedAt = Date.parse(message.issuedAt)
  if (issuedAt > time + SIWX_CLOCK_SKEW_MS)
    throw new HttpError(
      401,
      `${SESSION_EXPIRED}: the message is issued at ${message.issuedAt}, after the server's time ` +
        `${isoOf(time)}; check the device's time settings and sign in again`,
    )
  if (message.notBefore !== undefined && Date.parse(message.notBefore) > time + SIWX_CLOCK_SKEW_MS)
    throw new HttpError(
      401,
      `${SESSION_EXPIRED}: the message is not valid before ${message.notBefore} (server time ` +
        `${isoOf(time)}); check the device's time settings and sign in again`,
    )
  const expiresAt =
    message.expirationTime === undefined ? undefined : Date.parse(message.expirationTime)
  if (expiresAt !== undefined && expiresAt <= time - SIWX_CLOCK_SKEW_MS)
    throw new HttpError(
      401,
      `${SESSION_EXPIRED}: the message expired at ${message.expirationTime} (server time ` +
        `${isoOf(time)}); check the device's time settings and sign in again`,
    )
  // A message expiring within the skew still opens a session, of a short life.
  const end = Math.min(time + SIWX_SESSION_TTL_MS, expiresAt ?? Number.POSITIVE_INFINITY)
  return new Date(Math.max(end, time + 1000))
}
