import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { IconRef } from './iconLibrary.ts'

/** Wallets are app-icon squircles; networks, tokens and currencies are coins. */
export type ImageShape = 'squircle' | 'circle'

export type ImageSpec = {
  /** What the colour derives from, e.g. `wallet:<id>`: the same seed always gives the same image. */
  seed: string
  /** One to four characters drawn in the middle. */
  label: string
  /** The full name, for screen readers. */
  title: string
  shape: ImageShape
  /** The library icon to serve; the generated tile stands in only when there is none. */
  icon?: IconRef | undefined
}

const SIZE = 96
// WCAG AA for normal text: the label stays readable at the 20px the modal shows icons at.
const MIN_CONTRAST = 4.5
const FONT_SIZES = [46, 46, 40, 32, 26, 21]

/** Images change only when a name or the icon library does: browsers keep them a day without asking. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, immutable'

/** OpenAPI for the image routes' answers besides the usual JSON errors. */
export const imageResponses = {
  200: {
    description: "An SVG icon: the icon library's, or a generated tile where it has none",
    content: { 'image/svg+xml': { schema: z.string() } },
  },
  304: z.null().describe('Not modified: the If-None-Match ETag still matches'),
}

/**
 * Opened directly, an image may run nothing and load nothing; the icon library's SVGs style
 * themselves with inline attributes, which is all 'unsafe-inline' allows here.
 */
export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'"

type Rgb = [number, number, number]

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const sector = hue / 60
  const x = chroma * (1 - Math.abs((sector % 2) - 1))
  const [r, g, b]: Rgb =
    sector < 1
      ? [chroma, x, 0]
      : sector < 2
        ? [x, chroma, 0]
        : sector < 3
          ? [0, chroma, x]
          : sector < 4
            ? [0, x, chroma]
            : sector < 5
              ? [x, 0, chroma]
              : [chroma, 0, x]
  const m = lightness - chroma / 2
  return [r + m, g + m, b + m].map((channel) => Math.round(channel * 255)) as Rgb
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of white text on the colour. */
export function contrastWithWhite(hex: string): number {
  const rgb = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as Rgb
  return 1.05 / (luminance(rgb) + 0.05)
}

const toHex = (rgb: Rgb) =>
  `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`

/** The lightest shade of the hue, at or below `start`, that white text is readable on. */
function readableShade(hue: number, saturation: number, start: number): string {
  for (let lightness = start; lightness > 0; lightness -= 0.01) {
    const rgb = hslToRgb(hue, saturation, lightness)
    if (1.05 / (luminance(rgb) + 0.05) >= MIN_CONTRAST) return toHex(rgb)
  }
  return '#000000'
}

/** The two gradient stops of a seed: a hue from its hash, both dark enough for white text. */
export function imageColours(seed: string): { from: string; to: string } {
  const digest = createHash('sha256').update(seed).digest()
  const hue = digest.readUInt16BE(0) % 360
  const saturation = 0.55 + ((digest[2] ?? 0) / 255) * 0.25
  return {
    from: readableShade(hue, saturation, 0.52),
    to: readableShade((hue + 30) % 360, saturation, 0.4),
  }
}

const GENERIC_WORDS = new Set(['wallet', 'web3', 'defi', 'app'])

/** The letters an icon shows for a name: "Ledger Live" LL, "MetaMask" MM, "OKX Wallet" OKX. */
export function initials(name: string): string {
  const words = name
    .split(/[\s/_-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
  const meaningful = words.filter((word) => !GENERIC_WORDS.has(word.toLowerCase()))
  const chosen = meaningful.length > 0 ? meaningful : words
  const first = (word: string) => (Array.from(word)[0] ?? '').toUpperCase()
  const [only, second] = chosen
  if (only === undefined) return '?'
  if (second !== undefined) return first(only) + first(second)
  const letters = Array.from(only)
  if (letters.length <= 4 && only === only.toUpperCase()) return only
  // A camel-cased name reads as two words: MetaMask, TokenPocket, imToken.
  const capital = letters.slice(1).find((letter) => /\p{Lu}/u.test(letter))
  return capital ? first(only) + capital : first(only)
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? '',
  )

/**
 * A self-contained SVG: shapes, one gradient and escaped text; no script, link or external
 * reference, so it is safe to serve from our origin and to inline.
 */
export function renderImage({ seed, label, title, shape }: ImageSpec): string {
  const { from, to } = imageColours(seed)
  // The gradient id is unique per image, so several icons inlined in one page do not collide.
  const gradientId = `g${createHash('sha256').update(seed).digest('hex').slice(0, 8)}`
  const text = Array.from(label).slice(0, 5)
  const fontSize = FONT_SIZES[text.length] ?? 21
  const half = SIZE / 2
  const backdrop =
    shape === 'circle'
      ? `<circle cx="${half}" cy="${half}" r="${half}" fill="url(#${gradientId})"/>`
      : `<rect width="${SIZE}" height="${SIZE}" rx="24" fill="url(#${gradientId})"/>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    backdrop,
    `<text x="${half}" y="${half}" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="600" fill="#ffffff">${escapeXml(text.join(''))}</text>`,
    '</svg>',
  ].join('')
}

/** A strong validator from the bytes: the same image always has the same ETag. */
export function imageEtag(svg: string): string {
  return `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

/** Answers with the SVG and its caching headers, or 304 when the client's copy is current. */
export function sendImage(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = imageEtag(svg)
  reply
    .header('etag', etag)
    .header('cache-control', IMAGE_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', IMAGE_CONTENT_SECURITY_POLICY)
    // Sites on other origins show these images, including sites that isolate themselves (COEP).
    .header('cross-origin-resource-policy', 'cross-origin')
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send()
  return reply.type('image/svg+xml').send(svg)
}
