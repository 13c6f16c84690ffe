/** Every upstream of a chain failed: timed out, refused the connection, or answered 5xx/429. */
export class UpstreamUnavailableError extends Error {
  override name = 'UpstreamUnavailableError'
}

import { type Dispatcher, Pool } from 'undici'
import { type UpstreamCircuits, UpstreamDownError } from '../chains/upstreamCircuits.ts'

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

/** An upstream's own failure (no answer, HTTP 5xx or 429): the circuit counts it as down. */
class UpstreamFailure extends Error {
  override name = 'UpstreamFailure'
}

/**
 * Posts a JSON-RPC payload to the chain's upstreams in order and returns the first parsed answer;
 * moves on to the next on a timeout, a connection error, HTTP 5xx or 429, or an upstream known to
 * be down (`circuits`: the last one is waited for instead, one probe at a time). Upstreams are named by position in errors, never by URL: URLs often carry
 * a provider's API key.
 */
export async function postToUpstreams(
  urls: readonly string[],
  payload: string,
  timeoutMs: number,
  circuits: UpstreamCircuits,
): Promise<unknown> {
  const failures: string[] = []
  for (let index = 0; index < urls.length; index++) {
    const name = urls.length === 1 ? 'upstream' : `upstream ${index + 1} of ${urls.length}`
    const url = urls[index] as string
    try {
      return await circuits.through(
        url,
        async () => {
          const target = new URL(url)
          let response: Dispatcher.ResponseData
          try {
            response = await poolFor(target).request({
              method: 'POST',
              path: `${target.pathname}${target.search}`,
              headers: JSON_HEADERS,
              body: payload,
              signal: AbortSignal.timeout(timeoutMs),
            })
          } catch (error) {
            throw new UpstreamFailure(describeFailure(error, timeoutMs))
          }
          if (response.statusCode >= 500 || response.statusCode === 429) {
            await response.body.dump()
            throw new UpstreamFailure(`answered HTTP ${response.statusCode}`)
          }
          return await response.body.json()
        },
        {
          isOutage: (error) => error instanceof UpstreamFailure,
          failFast: index < urls.length - 1,
        },
      )
    } catch (error) {
      failures.push(
        `${name} ${error instanceof UpstreamFailure || error instanceof UpstreamDownError ? error.message : describeFailure(error, timeoutMs)}`,
      )
    }
  }
  throw new UpstreamUnavailableError(`Upstream unavailable: ${failures.join('; ')}`)
}
