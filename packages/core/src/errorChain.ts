/** viem's errors for a request that got no answer: the server or node unreachable, or too slow. */
const NETWORK_ERROR_NAMES = new Set(['HttpRequestError', 'TimeoutError', 'WebSocketRequestError'])

/** The error and its causes, outermost first (viem, wagmi and the kit wrap one another). */
export function errorChain(error: unknown): unknown[] {
  const links: unknown[] = []
  let current = error
  while (current !== undefined && current !== null && links.length < 10) {
    if (links.includes(current)) break
    links.push(current)
    current = (current as { cause?: unknown }).cause
  }
  return links
}

/**
 * Whether the error, or one it wraps, is a request that got no answer (an outage, a timeout),
 * rather than an answer that refused it: only the latter says something about the request itself.
 */
export function isNetworkFailure(error: unknown): boolean {
  return errorChain(error).some(
    (link) =>
      NETWORK_ERROR_NAMES.has(String((link as { name?: unknown }).name)) ||
      (link instanceof TypeError && /fetch|network/i.test(link.message)),
  )
}
