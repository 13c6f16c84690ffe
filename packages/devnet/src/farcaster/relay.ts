import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEFAULT_CHANNEL_TTL_MS, SIWF_CONNECT_URL } from './constants.ts'

export type FarcasterRelayOptions = {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** 0 (default) lets the OS pick a free port. */
  port?: number
  /** How long a channel lives; default DEFAULT_CHANNEL_TTL_MS. */
  channelTtlMs?: number
  /** Keys a Farcaster app may authenticate (or decline) channels with. */
  appKeys: readonly string[]
  /** The relay's clock; default Date.now. */
  now?: () => number
  /** One line per channel event; silent by default. */
  log?: (line: string) => void
}

export type FarcasterRelay = {
  /** `http://127.0.0.1:PORT`: what an auth client takes as `relay`. */
  url: string
  port: number
  /** Closes the listener and every open connection; safe to call twice. */
  stop(): Promise<void>
}

/** What the app that created the channel asked the visitor to sign. */
type SignatureParams = {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
}

/** What the Farcaster app says when it authenticates a channel. */
type Authentication = {
  message: string
  signature: string
  authMethod: 'custody' | 'authAddress'
  fid: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  custody?: string
}

type Channel = {
  token: string
  url: string
  state: 'pending' | 'completed' | 'declined'
  expiresAt: number
  signatureParams: SignatureParams
  acceptAuthAddress: boolean
  metadata: { ip: string; userAgent: string }
  authentication?: Authentication
}

const BODY_LIMIT = 64 * 1024
const OPTIONAL_PARAMS = ['notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > BODY_LIMIT) throw new HttpFailure(413, 'Body too large')
    chunks.push(chunk as Buffer)
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
    if (body && typeof body === 'object' && !Array.isArray(body))
      return body as Record<string, unknown>
  } catch {
    // Answered below.
  }
  throw new HttpFailure(400, 'Body must be a JSON object')
}

const optionalString = (body: Record<string, unknown>, name: string): string | undefined => {
  const value = body[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > 2048)
    throw new HttpFailure(400, `${name} must be a string`)
  return value
}

const requiredString = (body: Record<string, unknown>, name: string): string => {
  const value = optionalString(body, name)
  if (!value) throw new HttpFailure(400, `${name} is required`)
  return value
}

/** The `address` line of an EIP-4361 message: the custody that signed it. */
const signerOf = (message: string): string | undefined =>
  /^(0x[0-9a-fA-F]{40})$/m.exec(message)?.[1]

/**
 * Starts a Sign In With Farcaster auth relay on loopback, speaking the hosted relay's channel
 * protocol as @farcaster/auth-client 0.7 does: an app creates a channel (`POST /v1/channel`) and
 * polls it (`GET /v1/channel/status`, Bearer channel token: 202 pending, 200 done); the
 * visitor's Farcaster app, holding an app key, authenticates it with the signed message
 * (`POST /v1/channel/authenticate`). The devnet's relay also takes a decline
 * (`POST /v1/channel/decline`), so a refusal in the app ends the channel at once instead of
 * leaving it to expire. Channels live `channelTtlMs`; then their token is unknown (401).
 *
 * @example
 * const relay = await startFarcasterRelay({ port: 0, appKeys: [DEVNET_FARCASTER_APP_KEY] })
 * await fetch(`${relay.url}/v1/channel`, { method: 'POST', body: JSON.stringify({ siweUri, domain }) })
 */
export async function startFarcasterRelay(options: FarcasterRelayOptions): Promise<FarcasterRelay> {
  const { host = '127.0.0.1', port = 0, channelTtlMs = DEFAULT_CHANNEL_TTL_MS } = options
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const channels = new Map<string, Channel>()

  const live = (token: string | undefined): Channel => {
    const channel = token ? channels.get(token) : undefined
    if (!channel || channel.expiresAt <= now()) {
      if (token) channels.delete(token)
      throw new HttpFailure(401, 'Unauthorized')
    }
    return channel
  }
  const bearer = (request: IncomingMessage) =>
    /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
  const requireAppKey = (request: IncomingMessage) => {
    const key = request.headers['x-farcaster-auth-relay-key']
    if (typeof key !== 'string' || !options.appKeys.includes(key))
      throw new HttpFailure(401, 'Unauthorized')
  }
  const pendingChannel = (request: IncomingMessage): Channel => {
    requireAppKey(request)
    const channel = live(bearer(request))
    if (channel.state !== 'pending') throw new HttpFailure(409, 'Channel is already finished')
    return channel
  }
  const statusOf = (channel: Channel) => ({
    state: channel.state,
    nonce: channel.signatureParams.nonce,
    url: channel.url,
    signatureParams: channel.signatureParams,
    metadata: channel.metadata,
    acceptAuthAddress: channel.acceptAuthAddress,
    ...channel.authentication,
  })
  const prune = () => {
    for (const [token, channel] of channels) if (channel.expiresAt <= now()) channels.delete(token)
  }

  async function route(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const path = new URL(request.url ?? '/', 'http://relay').pathname
    if (request.method === 'GET' && path === '/health') return { status: 200, body: { ok: true } }
    if (request.method === 'POST' && path === '/v1/channel') {
      const body = await readJson(request)
      prune()
      const signatureParams: SignatureParams = {
        siweUri: requiredString(body, 'siweUri'),
        domain: requiredString(body, 'domain'),
        nonce: optionalString(body, 'nonce') ?? randomBytes(12).toString('hex'),
      }
      for (const name of OPTIONAL_PARAMS) {
        const value = optionalString(body, name)
        if (value !== undefined) signatureParams[name] = value
      }
      const token = randomBytes(16).toString('hex')
      const url = `${SIWF_CONNECT_URL}?channelToken=${token}`
      channels.set(token, {
        token,
        url,
        state: 'pending',
        expiresAt: now() + channelTtlMs,
        signatureParams,
        acceptAuthAddress: body.acceptAuthAddress === true,
        metadata: {
          ip: request.socket.remoteAddress ?? '',
          userAgent: request.headers['user-agent'] ?? '',
        },
      })
      log(`farcaster relay: channel …${token.slice(-6)} for ${signatureParams.domain}`)
      return { status: 201, body: { channelToken: token, url, nonce: signatureParams.nonce } }
    }
    if (request.method === 'GET' && path === '/v1/channel/status') {
      const channel = live(bearer(request))
      return { status: channel.state === 'pending' ? 202 : 200, body: statusOf(channel) }
    }
    if (request.method === 'POST' && path === '/v1/channel/authenticate') {
      const channel = pendingChannel(request)
      const body = await readJson(request)
      const fid = body.fid
      if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0)
        throw new HttpFailure(400, 'fid must be a positive integer')
      const message = requiredString(body, 'message')
      const custody = signerOf(message)
      channel.authentication = {
        message,
        signature: requiredString(body, 'signature'),
        authMethod: body.authMethod === 'authAddress' ? 'authAddress' : 'custody',
        fid,
        ...Object.fromEntries(
          (['username', 'bio', 'displayName', 'pfpUrl'] as const)
            .map((name) => [name, optionalString(body, name)] as const)
            .filter(([, value]) => value !== undefined),
        ),
        ...(custody ? { custody } : {}),
      }
      channel.state = 'completed'
      log(`farcaster relay: channel …${channel.token.slice(-6)} authenticated by fid ${fid}`)
      return { status: 201, body: statusOf(channel) }
    }
    if (request.method === 'POST' && path === '/v1/channel/decline') {
      const channel = pendingChannel(request)
      channel.state = 'declined'
      log(`farcaster relay: channel …${channel.token.slice(-6)} declined`)
      return { status: 201, body: statusOf(channel) }
    }
    throw new HttpFailure(404, 'Not found')
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    route(request).then(
      ({ status, body }) => send(response, status, body),
      (error: unknown) =>
        error instanceof HttpFailure
          ? send(response, error.status, { error: error.message })
          : send(response, 500, { error: 'Internal error' }),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host }, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopped
    },
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  response.end(text)
}
