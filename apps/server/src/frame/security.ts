import { createHash } from 'node:crypto'
import { FRAME_PARENT_ORIGINS_META } from '@latch/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'

/** Headers of every answer on the frame origin. */
export const BASE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

// A token in a CSP source list: a scheme and host (with an optional `*.` and port), nothing that
// could end the directive or add another one.
const CSP_SOURCE = /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?$/

/**
 * The origins that may embed the frame page: the project's own, where each is a plain origin or a
 * `*.` wildcard one (nothing that could end the CSP directive or add another). No localhost page
 * beyond those the project lists: in development the dev project lists the demo's origins, and any
 * other page on this machine (same site to the browser, so sharing the frame's storage) could
 * otherwise embed the frame and read its user.
 */
export function embeddingOrigins(allowedOrigins: readonly string[]): string[] {
  return [...new Set(allowedOrigins.filter((origin) => CSP_SOURCE.test(origin)))]
}

/**
 * The frame page's Content-Security-Policy: its own scripts, styles and API only, and embeddable
 * only by `embeddingOrigins`.
 */
export function framePagePolicy(embedding: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-ancestors ${embedding.length > 0 ? embedding.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

/** The frame page with the origins that may embed it, for the frame's own check of its parent. */
export function withParentOrigins(page: string, embedding: readonly string[]): string {
  const json = JSON.stringify(embedding).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  const meta = `<meta name="${FRAME_PARENT_ORIGINS_META}" content="${json}">`
  return page.includes('<head>') ? page.replace('<head>', `<head>${meta}`) : `${meta}${page}`
}

/** The CSP source of an inline `<style>`: allowed by its hash, so no 'unsafe-inline'. */
export const styleHashSource = (css: string): string =>
  `'sha256-${createHash('sha256').update(css).digest('base64')}'`

/**
 * The CSP of the frame origin's own small pages (device approval, social callback): never framed,
 * no script unless `scripts` ('self': the callback's close.js).
 */
export function standalonePagePolicy(css: string, scripts: boolean): string {
  return [
    "default-src 'none'",
    `script-src ${scripts ? "'self'" : "'none'"}`,
    `style-src ${styleHashSource(css)}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that by design comes from a page of another origin (a provider's form_post
     * callback), checked by its own means instead of its Origin.
     */
    crossOriginWrite?: true
  }
}

/**
 * An onRequest hook of the frame origin: a call that changes anything must come from the frame
 * page itself (Origin: the frame origin). A site's page, even holding a stolen session token,
 * sends its own Origin and is refused; so is a caller sending none. It reads no path: it holds
 * for every route, however the path of the request was spelled (the router decodes
 * percent-escapes, takes absolute-form targets), and only a route's own config exempts it.
 */
export function requireFrameOrigin(frameOrigin: () => string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    // No route took it: the not-found answer, which changes nothing, whatever the Origin.
    if (request.routeOptions.url === undefined) return
    if (request.routeOptions.config.crossOriginWrite) return
    if (request.headers.origin !== frameOrigin()) throw new HttpError(403, 'Forbidden origin')
  }
}
