/** Every upstream of a chain failed: timed out, refused the connection, or answered 5xx/429. */
export class UpstreamUnavailableError extends Error {
  override name = 'UpstreamUnavailableError'
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' }

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`
    if (error instanceof SyntaxError) return 'answered with a body that is not JSON'
    const code = (error.cause as { code?: unknown } | undefined)?.code
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
      // Node's fetch (undici) keeps connections alive; the signal covers the body as well.
      const response = await fetch(urls[index] as string, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (response.status >= 500 || response.status === 429) {
        await response.body?.cancel()
        failures.push(`${name} answered HTTP ${response.status}`)
        continue
      }
      return await response.json()
    } catch (error) {
      failures.push(`${name} ${describeFailure(error, timeoutMs)}`)
    }
  }
  throw new UpstreamUnavailableError(`Upstream unavailable: ${failures.join('; ')}`)
}
