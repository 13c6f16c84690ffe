/** What the page knows about the window that embeds it. */
export type EmbeddingInfo = {
  /** `window.parent !== window`. */
  framed: boolean
  /** `location.ancestorOrigins` where the browser has it (Chromium, Safari). */
  ancestorOrigins?: { readonly length: number; readonly [index: number]: string } | undefined
  /** `document.referrer`: the embedding page's URL, or at least its origin. */
  referrer: string
}

/**
 * The origin of the site that embeds the frame, or null when it cannot be known (not framed, an
 * opaque origin, no referrer). The frame talks to that origin only.
 */
export function resolveParentOrigin(info: EmbeddingInfo): string | null {
  if (!info.framed) return null
  const ancestor = info.ancestorOrigins?.[0]
  if (ancestor !== undefined) return webOrigin(ancestor)
  return webOrigin(info.referrer)
}

// Only http(s) origins: a sandboxed parent ('null') or a file: page cannot be answered safely.
function webOrigin(value: string): string | null {
  if (!value) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  return url.origin
}
