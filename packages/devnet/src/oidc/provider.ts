import { generateKeyPair, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import type { Configuration, default as OidcProvider } from 'oidc-provider'
import { devAccountClaims } from './accounts.ts'
import {
  DEV_OIDC_CALLBACK_PATH,
  DEV_OIDC_CLIENT_ID,
  DEV_OIDC_CLIENT_SECRET,
  DEV_OIDC_TTL,
} from './constants.ts'
import { divertProviderNotices } from './notices.ts'

export type OidcProviderOptions = {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** 0 (default) lets the OS pick a free port. */
  port?: number
  /** oidc-provider's notices and one line per login; silent by default. */
  log?: (line: string) => void
}

export type DevOidcProvider = {
  /** `http://127.0.0.1:PORT`: discovery at `{issuer}/.well-known/openid-configuration`. */
  issuer: string
  clientId: string
  clientSecret: string
  /** Closes the listener and every open connection; safe to call twice. */
  stop(): Promise<void>
}

type ProviderModule = typeof import('oidc-provider')

// Loaded once: the module prints a notice as it loads (e.g. on Node 20), which is diverted.
let providerModule: Promise<ProviderModule> | undefined
function loadProviderModule(log: ((line: string) => void) | undefined): Promise<ProviderModule> {
  providerModule ??= divertProviderNotices(log, () => import('oidc-provider'))
  return providerModule
}

const generateEcKeyPair = promisify(generateKeyPair)

/**
 * A fresh ES256 signing key per start: no published dev key (and no notice about one), and a
 * P-256 key takes a millisecond where an RSA one may take half a second.
 */
async function signingKeys(): Promise<NonNullable<Configuration['jwks']>> {
  const { privateKey } = await generateEcKeyPair('ec', { namedCurve: 'P-256' })
  const jwk = privateKey.export({ format: 'jwk' })
  return {
    keys: [{ ...jwk, kty: 'EC', kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'ES256' }],
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Any stylesheet import of a remote URL, e.g. the web font oidc-provider's built-in pages load. */
const REMOTE_IMPORT = /@import\s+url\(\s*['"]?https?:[^)]*\)\s*;?/g

/**
 * The devnet keeps everything on loopback: the provider's built-in login pages import a web font
 * from the internet, so that import is cut from every page, and a Content-Security-Policy stops
 * any other remote load a future version might add.
 */
async function keepPagesOnLoopback(
  ctx: { body: unknown; type: string; set(name: string, value: string): void },
  next: () => Promise<void>,
): Promise<void> {
  await next()
  if (!ctx.type.includes('html') || typeof ctx.body !== 'string') return
  ctx.body = ctx.body.replace(REMOTE_IMPORT, '')
  ctx.set(
    'content-security-policy',
    "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; img-src 'self' data:",
  )
}

function configuration(jwks: NonNullable<Configuration['jwks']>): Configuration {
  const redirectUris = ['127.0.0.1', 'localhost', '[::1]'].map(
    (host) => `http://${host}${DEV_OIDC_CALLBACK_PATH}`,
  )
  return {
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: DEV_OIDC_CLIENT_SECRET,
        // A native client's loopback redirect URIs match on any port (RFC 8252 7.3); oidc-provider
        // 9 does this in Client#redirectUriAllowed, so the frame origin's port needs no listing.
        application_type: 'native',
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username'],
    },
    findAccount: (_ctx, accountId) => ({
      accountId,
      claims: () => devAccountClaims(accountId),
    }),
    jwks,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: DEV_OIDC_TTL,
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = `<!doctype html><title>Login error</title><h1>Login error</h1><pre>${escapeHtml(
        JSON.stringify(out, null, 2),
      )}</pre>`
    },
  }
}

/**
 * Starts a local OpenID Connect provider (oidc-provider) with one client, `latch-dev`, that the
 * Latch server registers as social provider `dev`. Its login page (oidc-provider's
 * devInteractions) takes any login name and password; see `devAccountClaims` for the account.
 *
 * @example
 * const oidc = await startOidcProvider({ port: 0 })
 * // discovery: `${oidc.issuer}/.well-known/openid-configuration`
 * await oidc.stop()
 */
export async function startOidcProvider(
  options: OidcProviderOptions = {},
): Promise<DevOidcProvider> {
  const { host = '127.0.0.1', port = 0, log } = options
  const [{ default: Provider }, jwks] = await Promise.all([loadProviderModule(log), signingKeys()])

  // The issuer names the port, which is only known once listening: requests wait for it.
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined
  const server = createServer((request, response) => {
    if (handle) return handle(request, response)
    response.writeHead(503, { 'content-type': 'text/plain' }).end('starting')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host }, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${port} is in use` : error.message
    throw new Error(`OIDC provider could not listen on ${host}:${port}: ${reason}`, {
      cause: error,
    })
  })

  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
    return stopped
  }

  try {
    const { port: boundPort } = server.address() as AddressInfo
    const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`
    const provider: OidcProvider = divertProviderNotices(
      log,
      () => new Provider(issuer, configuration(jwks)),
    )
    // Static clients are checked on first use: check now, so a bad one fails the start.
    await provider.Client.find(DEV_OIDC_CLIENT_ID)
    provider.on('grant.success', (ctx) => {
      log?.(`oidc: ${String(ctx.oidc.entities.Account?.accountId ?? '?')} logged in`)
    })
    provider.on('server_error', (_ctx, error) => log?.(`oidc: server error: ${error.message}`))
    provider.use(keepPagesOnLoopback)
    handle = provider.callback()
    return { issuer, clientId: DEV_OIDC_CLIENT_ID, clientSecret: DEV_OIDC_CLIENT_SECRET, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
