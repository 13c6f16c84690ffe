// Which web origins a project lists: the server's CORS and project checks and the wallet frame's
// check of the page embedding it read the same rule. No zod here: the frame page imports this.

/**
 * Whether `origin` is on the list: exactly, or by a `*.` wildcard entry on its host
 * (`https://*.example.org` takes `https://shop.example.org`, not `https://example.org`).
 * @example originAllowed('https://pr-1.preview.example', ['https://*.preview.example']) // true
 */
export function originAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.some((allowed) => {
    if (allowed === origin) return true
    const wildcard = /^(https?:\/\/)\*\.(.+)$/.exec(allowed)
    if (!wildcard) return false
    const [, scheme, suffix] = wildcard
    return origin.startsWith(scheme as string) && origin.endsWith(`.${suffix}`)
  })
}
