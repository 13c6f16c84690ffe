import { isIP } from 'node:net'

/**
 * Which proxies the server believes about the client's address (X-Forwarded-For), as Fastify's
 * `trustProxy` takes it: `false` (the peer's address is the client's), a hop count, or the
 * addresses and CIDR ranges of the proxies in front.
 */
export type TrustProxy = false | number | string[]

/** Why a TRUST_PROXY value is refused, or undefined when it is good. */
function entryProblem(entry: string): string | undefined {
  const [address, prefix, ...rest] = entry.split('/')
  const family = isIP(address ?? '')
  if (family === 0 || rest.length > 0) return `${entry} is not an IP address or CIDR range`
  if (prefix === undefined) return undefined
  const bits = Number(prefix)
  if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128))
    return `${entry} has a bad prefix length`
  return undefined
}

/**
 * TRUST_PROXY: unset, `off` or `false` believes no forwarded header (a visitor could otherwise
 * send one to pose as any IP and dodge per-IP limits); a whole number trusts that many proxy hops
 * in front of the server; else a comma list of proxy addresses or CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'off' || text === 'false') return false
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return hops === 0 ? false : hops
  }
  const entries = text.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    const problem = entryProblem(entry)
    if (problem)
      return {
        error: `TRUST_PROXY must be off, a hop count or a comma list of proxy IPs/CIDRs: ${problem}`,
      }
  }
  return entries
}

/** As Fastify's option takes it: a hop count becomes "trust the first n hops" (its types lack numbers). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}
