/** Every upstream of a chain failed: timed out, refused the connection, or answered 5xx/429. */
export class UpstreamUnavailableError extends Error {
  override name = 'UpstreamUnavailableError'
}

import { Pool } from 'undici'

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' }

// One keep-alive connection pool per upstream origin: undici's request API costs far less per call
// than fetch, which matters on a gateway whose whole point is to add almost nothing.
const pools = new Map<string, Pool>()
function poolFor(url: URL): Pool {
  let pool = pools.get(url.origin)
  if (!pool) {
    pool = new Pool(url.origin, { connections: 64, pipelining: 1 })
    pools.set(url.origin, pool)
  }
  return pool
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`
    if (error instanceof SyntaxError) return 'answered with a body that is not JSON'
    const code =
      (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code
    if (typeof code === 'string') return `failed (${code})`
    return `failed (${error.message})`
  }
  return 'failed'
}

/**
 * Posts a JSON-RPC payload to the chain's upstreams in order and returns the first parsed answer;
 * moves on to the next on a timeout, a connection error, HTTP 5xx or 429. Upstreams are named by
 * position in errors, never by URL: URLs often carry a provider's API key.
 */
export async function postToUpstreams(
  urls: readonly string[],
  payload: string,
  timeoutMs: number,
): Promise<unknown> {
  const failures: string[] = []
  for (let index = 0; index < urls.length; index++) {
    const name = urls.length === 1 ? 'upstream' : `upstream ${index + 1} of ${urls.length}`
    try {
      const url = new URL(urls[index] as string)
      const response = await poolFor(url).request({
        method: 'POST',
        path: `${url.pathname}${url.search}`,
        headers: JSON_HEADERS,
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (response.statusCode >= 500 || response.statusCode === 429) {
        await response.body.dump()
        failures.push(`${name} answered HTTP ${response.statusCode}`)
        continue
      }
      return await response.body.json()
    } catch (error) {
      failures.push(`${name} ${describeFailure(error, timeoutMs)}`)
    }
  }
  throw new UpstreamUnavailableError(`Upstream unavailable: ${failures.join('; ')}`)
}
